import { FormBriefListReply, FormCategoryListReply, FormDefinitionReply, FormDesignReply, FormListReply, FormSavedReply } from '@portal/shared-contract';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import type { ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { badRequest } from '../../../http/errors';
import { Fields, Flag, Integer, MAX_ID } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { CREATE_FORMS, EDIT_FORMS } from './form-permissions';
import {
  formCategories,
  formDesign,
  listForms,
  loadFields,
  requireForm,
  saveFormAndFields,
  saveFormFields,
  toDefinition,
  toFieldItems,
  writableFieldsAtNode,
  type FormRow,
} from './form.service';
import { FieldItemsInput, FormAddInput, FormEditInput, FormKeys, FormListInput, settingsOf, toFormSettings } from './form.validation';

/** Form definitions: the engine's definition call, the designer's save, and the form pages. */
export function registerFormRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/Api/formField/index/',
      summary: '表单定义（动态表单据此渲染）：{mode, isshow:1, nodeid?} 或 {formid}',
      description: 'isshow=1 只保留录入表单中显示的字段；给出 nodeid 时每个字段的 json 带有该审批节点的 writable。',
      tag: 'system',
      access: 'login',
      record: 'none',
      input: Fields({
        ...FormKeys,
        isshow: Flag('isshow', 0, { messages: { invalid: 'isshow只能是0或1' } }),
        nodeid: Type.Optional(Integer('审批节点', { min: 0, max: MAX_ID }, { messages: { invalid: '审批节点参数不正确' } })),
      }),
      reply: FormDefinitionReply,
      handler: async ({ input }) => {
        const form = await requireForm(ctx.db, [input.formid, input.mode, input.module]);
        const fields = await loadFields(ctx.db, form.id, { enabledOnly: true, shownOnly: input.isshow === 1 });
        const writable = input.nodeid === undefined ? undefined : await writableFieldsAtNode(ctx, input.nodeid);
        return success('获取成功', toDefinition(form, fields, writable));
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/formField/Edit',
      summary: '保存表单的完整字段列表（设计器）',
      tag: 'system',
      access: EDIT_FORMS,
      record: 'none',
      input: FieldItemsInput,
      reply: FormDefinitionReply,
      handler: async ({ input }) => {
        const form = await requireForm(ctx.db, [input.formid, input.id, input.mode]);
        await saveFormFields(ctx, form, toFieldItems(input.items));
        const fields = await loadFields(ctx.db, form.id, { enabledOnly: true });
        return success('保存成功', toDefinition(form, fields));
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/form/index',
      summary: '表单列表（分页，可按关键字和分类）',
      tag: 'system',
      access: 'login',
      record: 'none',
      input: FormListInput,
      reply: FormListReply,
      handler: async ({ input }) => listForms(ctx.db, { ...input, workflowOnly: false }),
    }),

    defineRoute({
      method: 'POST',
      url: '/api/form/list',
      summary: '全部表单（简短行，下拉和菜单用）',
      tag: 'system',
      access: 'login',
      record: 'none',
      input: FormListInput,
      reply: FormBriefListReply,
      handler: async ({ input }) => {
        const all = await listForms(ctx.db, { ...input, page: 1, rows: 1000, workflowOnly: false });
        return { rows: all.rows.map((f) => ({ id: f.id, mode: f.mode, title: f.title, category: f.category, is_workflow: f.is_workflow })), total: all.total };
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/form/workform',
      summary: '审批（工作流）表单列表',
      tag: 'system',
      access: 'login',
      record: 'none',
      input: FormListInput,
      reply: FormListReply,
      handler: async ({ input }) => listForms(ctx.db, { ...input, workflowOnly: true }),
    }),

    defineRoute({
      method: 'POST',
      url: '/api/form/category',
      summary: '表单分类及各分类的表单数',
      tag: 'system',
      access: 'login',
      record: 'none',
      input: Fields({}),
      reply: FormCategoryListReply,
      handler: async () => formCategories(ctx.db),
    }),

    defineRoute({
      method: 'POST',
      url: '/api/form/detail',
      summary: '表单设置详情',
      tag: 'system',
      access: 'login',
      record: 'none',
      input: Fields({ ...FormKeys, id: FormKeys.formid }),
      reply: FormDesignReply,
      handler: async ({ input }) => {
        const form = await requireForm(ctx.db, [input.id, input.formid, input.mode]);
        return success('获取成功', await formDesign(ctx.db, form));
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/form/add',
      summary: '新建表单',
      tag: 'system',
      access: CREATE_FORMS,
      record: 'none',
      input: FormAddInput,
      reply: FormSavedReply,
      handler: async ({ input }) => {
        const items = input.items === undefined ? undefined : toFieldItems(input.items);
        return success('保存成功', { id: await saveFormAndFields(ctx, { mode: input.mode }, toFormSettings(input), items) });
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/form/Edit',
      summary: '修改表单设置（表单标识不能修改）',
      tag: 'system',
      access: EDIT_FORMS,
      record: 'none',
      input: FormEditInput,
      reply: FormSavedReply,
      handler: async ({ input }) => {
        const items = input.items === undefined ? undefined : toFieldItems(input.items);
        const guard = (form: FormRow) => {
          if (input.mode !== undefined && input.mode !== '' && input.mode !== form.mode) throw badRequest('表单标识不能修改');
        };
        await saveFormAndFields(ctx, { id: input.id }, (form) => toFormSettings(input, settingsOf(form)), items, guard);
        return success('保存成功', { id: input.id });
      },
    }),
  ]);
}
