import { Done, ModuleRecordDetailReply, ModuleRecordListReply, ModuleRecordSavedReply } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import type { ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, Id, Ids, JsonObject, Paging } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { FormKeys } from '../form/form.validation';
import { addRecord, deleteRecords, editRecord, listRecords, moduleForm, MSG_RECORD_NOT_FOUND, recordData, recordDetail } from './module-record.service';
import { moduleRecordOwn } from './module-record.policy';

const MSG_DATA = '表单数据格式不正确';
const RecordId = { id: Id('记录', { messages: { invalid: MSG_RECORD_NOT_FOUND } }) };
/** The values as a JSON object (its text in a form). */
const RecordValues = { data: JsonObject('表单数据', { messages: { missing: '请提交表单数据', invalid: MSG_DATA } }) };

type FormNamed = { module: string; formid: string; mode: string };
const keysOf = (input: FormNamed) => [input.module, input.formid, input.mode];

/** api/module/*: records of custom forms, validated against the form's field definitions. */
export function registerModuleRecordRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/module/add',
      summary: '新增自定义表单记录（按表单字段定义校验）',
      tag: 'system',
      access: 'login',
      record: 'none',
      input: Fields({ ...FormKeys, ...RecordValues }),
      reply: ModuleRecordSavedReply,
      handler: async ({ input, actor }) => {
        const form = await moduleForm(ctx.db, keysOf(input));
        const id = await addRecord(ctx, actor, form, recordData(input.data));
        return success('保存成功', { id });
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/module/Edit',
      summary: '修改自定义表单记录',
      tag: 'system',
      access: 'login',
      record: moduleRecordOwn('id'),
      input: Fields({ ...FormKeys, ...RecordId, ...RecordValues }),
      reply: ModuleRecordSavedReply,
      handler: async ({ input, actor }) => {
        const form = await moduleForm(ctx.db, keysOf(input));
        await editRecord(ctx, actor, form, input.id, recordData(input.data));
        return success('保存成功', { id: input.id });
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/module/detail',
      summary: '自定义表单记录详情',
      tag: 'system',
      access: 'login',
      record: moduleRecordOwn('id'),
      input: Fields({ ...FormKeys, ...RecordId }),
      reply: ModuleRecordDetailReply,
      handler: async ({ input, actor }) => success('获取成功', await recordDetail(ctx, actor, await moduleForm(ctx.db, keysOf(input)), input.id)),
    }),

    defineRoute({
      method: 'POST',
      url: '/api/module/index',
      summary: '自定义表单记录列表',
      tag: 'system',
      access: 'login',
      record: 'list',
      input: Fields({ ...FormKeys, ...Paging(10) }),
      reply: ModuleRecordListReply,
      handler: async ({ input, actor }) => listRecords(ctx, actor, await moduleForm(ctx.db, keysOf(input)), input.page, input.rows),
    }),

    defineRoute({
      method: 'POST',
      url: '/api/module/delete',
      summary: '删除自定义表单记录（给出 module 时每条都必须属于该表单）',
      tag: 'system',
      access: 'login',
      record: moduleRecordOwn('ids'),
      input: Fields({
        ...FormKeys,
        ids: Ids('记录', 1000, { messages: { missing: '请选择要删除的记录', invalid: MSG_RECORD_NOT_FOUND, tooMany: '一次最多删除1000条记录' } }),
      }),
      reply: Done,
      handler: async ({ input, actor }) => {
        const form = input.module === '' ? undefined : await moduleForm(ctx.db, keysOf(input));
        await deleteRecords(ctx, actor, form, input.ids);
        return success('删除成功');
      },
    }),
  ]);
}
