import { ColumnFieldListReply, DesignerFieldListReply, Done, FieldSavedReply, ShownFieldsReply } from '@portal/shared-contract';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import type { ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields, Flag, Id, Ids, JsonValue } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { EDIT_FORMS } from '../form/form-permissions';
import { requireForm } from '../form/form.service';
import { FormKeys } from '../form/form.validation';
import { addField, columnFields, deleteField, designerFields, editField, fieldForm, MSG_FIELD_NOT_FOUND, setShownFields, shownFieldIds } from './field.service';

const FieldId = { id: Id('字段', { messages: { invalid: MSG_FIELD_NOT_FOUND } }) };
const Definition = JsonValue('字段定义', { messages: { missing: '请提交字段定义' } });
/** Absent: enabled and shown for a new field, unchanged for an edited one. */
const FieldFlags = {
  status: Type.Optional(Flag('字段状态', undefined, { messages: { invalid: '字段状态只能是0或1' } })),
  isshow: Type.Optional(Flag('是否显示', undefined, { messages: { invalid: '是否显示只能是0或1' } })),
};

/** Single fields of a form (designer) and each user's choice of list columns. A form is named by `formid` (id or mode key), `mode` or `module`. */
export function registerFieldRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  const formOf = (input: { formid: string; mode: string; module: string }) => requireForm(ctx.db, [input.formid, input.mode, input.module]);

  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/field/index',
      summary: '表单的全部字段（设计器，含停用的）',
      tag: 'system',
      access: 'login',
      record: 'none',
      input: Fields({ ...FormKeys }),
      reply: DesignerFieldListReply,
      handler: async ({ input }) => designerFields(ctx, await formOf(input)),
    }),

    defineRoute({
      method: 'POST',
      url: '/api/field/list',
      summary: '列表可选的列及当前用户的选择',
      tag: 'system',
      access: 'login',
      record: 'self',
      input: Fields({ ...FormKeys, isshow: Flag('isshow', 0, { messages: { invalid: 'isshow只能是0或1' } }) }),
      reply: ColumnFieldListReply,
      handler: async ({ input, actor }) => columnFields(ctx, actor, await formOf(input), input.isshow === 1),
    }),

    defineRoute({
      method: 'POST',
      url: '/api/field/my',
      summary: '当前用户在列表中显示的字段（show 为逗号分隔的字段ID）',
      tag: 'system',
      access: 'login',
      record: 'self',
      input: Fields({ ...FormKeys }),
      reply: ShownFieldsReply,
      handler: async ({ input, actor }) => {
        const ids = await shownFieldIds(ctx, actor, await formOf(input));
        return success('获取成功', { show: ids.join(',') });
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/field/set',
      summary: '保存当前用户在列表中显示的字段',
      tag: 'system',
      access: 'login',
      record: 'self',
      input: Fields({ ...FormKeys, ids: Ids('字段', 1000, { messages: { missing: '请至少选择一个字段', invalid: '字段ID不正确' } }) }),
      reply: ShownFieldsReply,
      handler: async ({ input, actor }) => {
        await setShownFields(ctx, actor, await formOf(input), input.ids);
        return success('设置成功', { show: input.ids.join(',') });
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/field/add',
      summary: '给表单添加一个字段（json 为字段定义）',
      tag: 'system',
      access: EDIT_FORMS,
      record: 'none',
      input: Fields({ ...FormKeys, json: Definition, ...FieldFlags }),
      reply: FieldSavedReply,
      handler: async ({ input }) => {
        const id = await addField(ctx, await formOf(input), input.json, { status: input.status ?? 1, isshow: input.isshow ?? 1 });
        return success('保存成功', { id });
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/field/edit',
      summary: '修改一个字段的定义和状态',
      tag: 'system',
      access: EDIT_FORMS,
      record: 'none',
      input: Fields({ ...FieldId, json: Definition, ...FieldFlags }),
      reply: FieldSavedReply,
      handler: async ({ input }) => {
        const current = await fieldForm(ctx, input.id);
        await editField(ctx, input.id, input.json, { status: input.status ?? current.status, isshow: input.isshow ?? current.isshow });
        return success('保存成功', { id: input.id });
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/field/delete',
      summary: '删除表单的一个字段',
      tag: 'system',
      access: EDIT_FORMS,
      record: 'none',
      input: Fields({ ...FieldId }),
      reply: Done,
      handler: async ({ input }) => {
        await deleteField(ctx, input.id);
        return success('删除成功');
      },
    }),
  ]);
}
