import { DictionaryOptionsReply, DictTypeListReply, DictValueAddReply, DictValueDeleteReply, DictValueListReply, Done } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { can, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, Flag, Id, Ids, Integer, Paging, RequiredText, Text } from '../../../http/input-fields';
import { addValue, deleteType, deleteValues, editValue, listTypes, listValues, saveType } from './dictionary-admin.service';
import { defineRoute, mountRoutes } from '../../../http/route';
import { dictionaryOptions, type DictionaryOption } from './dictionary.service';

/**
 * Reading the data dictionary: `GET api/Status/json?types=` for every logged-in user (the choices of a
 * `statusSelect` field); the administration of types and values (数据字典, system `status`).
 */
const TYPE_CODE = '^[A-Za-z][A-Za-z0-9_]*$';

const ValueFields = {
  label: RequiredText('名称', 50),
  value: Text('取值', 50),
  colour: Text('颜色', 20, { pattern: '^(#[0-9A-Fa-f]{3,8}|[a-z]*)$' }),
  sortOrder: Integer('排序', { min: 0, max: 9999, fallback: 0 }),
  enabled: Flag('启用', 1),
};

const TypeFields = {
  code: RequiredText('类型编码', 50, { pattern: TYPE_CODE, messages: { invalid: '类型编码须以字母开头，只能包含字母、数字和下划线' } }),
  name: RequiredText('类型名称', 50),
  sortOrder: Integer('排序', { min: 0, max: 9999, fallback: 0 }),
};

export function registerDictionaryReadRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'GET',
      url: '/api/Status/json',
      summary: '数据字典：某一类型的启用值（statusSelect 选项）',
      tag: 'system',
      access: 'login',
      record: 'none',
      input: Fields({ types: Text('字典类型', 50, { pattern: '^[A-Za-z0-9_]*$' }) }),
      reply: DictionaryOptionsReply,
      handler: async ({ input }): Promise<DictionaryOption[]> => dictionaryOptions(ctx.db, input.types),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/Status/typelist',
      summary: '数据字典类型（含值的个数、是否内置）',
      tag: 'system',
      access: can('system', 'status'),
      record: 'none',
      input: Fields({}),
      reply: DictTypeListReply,
      handler: async () => success('获取成功', await listTypes(ctx)),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/status/Json',
      summary: '某一类型的全部字典值（含停用的，分页）',
      tag: 'system',
      access: can('system', 'status'),
      record: 'none',
      input: Fields({
        ...Paging(20),
        types: RequiredText('字典类型', 50, { pattern: TYPE_CODE, messages: { missing: '请选择字典类型' } }),
        key: Text('关键词', 50),
      }),
      reply: DictValueListReply,
      handler: async ({ input }) => listValues(ctx, { typeCode: input.types, key: input.key, page: input.page, rows: input.rows }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/status/add',
      summary: '新建字典值',
      tag: 'system',
      access: can('system', 'status:create'),
      record: 'none',
      input: Fields({ types: RequiredText('字典类型', 50, { pattern: TYPE_CODE, messages: { missing: '请选择字典类型' } }), ...ValueFields }),
      reply: DictValueAddReply,
      handler: async ({ input }) => success('添加成功', { id: await addValue(ctx, { ...input, typeCode: input.types }) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/status/edit',
      summary: '保存字典值（使用中的值可以改名称、颜色、排序或停用，不能改取值）',
      tag: 'system',
      access: can('system', 'status:edit'),
      record: 'none',
      input: Fields({ id: Id('字典值'), ...ValueFields }),
      reply: Done,
      handler: async ({ input }) => {
        await editValue(ctx, input.id, input);
        return success('保存成功');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/status/delete',
      summary: '删除字典值（使用中的值不能删除，可以停用）',
      tag: 'system',
      access: can('system', 'status:delete'),
      record: 'none',
      input: Fields({ ids: Ids('字典值', 200, { messages: { missing: '请选择要删除的字典值' } }) }),
      reply: DictValueDeleteReply,
      handler: async ({ input }) => success('删除成功', { deleted: await deleteValues(ctx, input.ids) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/status/typeAdd',
      summary: '新建字典类型',
      tag: 'system',
      access: can('system', 'status:create'),
      record: 'none',
      input: Fields(TypeFields),
      reply: Done,
      handler: async ({ input }) => {
        await saveType(ctx, input, true);
        return success('添加成功');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/status/typeEdit',
      summary: '保存字典类型（名称、排序）',
      tag: 'system',
      access: can('system', 'status:edit'),
      record: 'none',
      input: Fields(TypeFields),
      reply: Done,
      handler: async ({ input }) => {
        await saveType(ctx, input, false);
        return success('保存成功');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/status/typeDelete',
      summary: '删除字典类型及其值（内置类型、有值在使用中的类型不能删除）',
      tag: 'system',
      access: can('system', 'status:delete'),
      record: 'none',
      input: Fields({ code: RequiredText('类型编码', 50, { pattern: TYPE_CODE }) }),
      reply: Done,
      handler: async ({ input }) => {
        await deleteType(ctx, input.code);
        return success('删除成功');
      },
    }),
  ]);
}
