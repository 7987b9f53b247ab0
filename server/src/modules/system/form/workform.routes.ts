import { Done, FormDesignReply, FormListReply, FormSavedReply } from '@portal/shared-contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { can, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { badRequest } from '../../../http/errors';
import { defineRoute, mountRoutes } from '../../../http/route';
import { deleteWorkForm, findForm, formDesign, listForms, MSG_FORM_NOT_FOUND, saveFormAndFields, toFieldItems, type FormRow } from './form.service';
import { FormAddInput, FormEditInput, FormListInput, NEW_WORK_FORM, settingsOf, toFormSettings, WorkFormIdInput } from './form.validation';

/** Designing work forms needs the system 'workForm' actions; listing and reading them only a login (approvals render them). */
export const CREATE_WORK_FORMS = can('system', 'workForm:create');
export const EDIT_WORK_FORMS = can('system', 'workForm:edit');
export const DELETE_WORK_FORMS = can('system', 'workForm:delete');

/** The stored form must be a work form (is_workflow), else the workform calls refuse it. */
function mustBeWorkForm(form: FormRow): void {
  if (form.is_workflow !== 1) throw badRequest(`表单“${form.title}”不是工作流表单`);
}

/** Work forms (工作流表单): the forms approvals are submitted with. Settings and fields save in one transaction. */
export function registerWorkFormRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/workform/index',
      summary: '工作流表单列表（分页，可按关键字和分类）',
      tag: 'system',
      access: 'login',
      record: 'none',
      input: FormListInput,
      reply: FormListReply,
      handler: async ({ input }) => listForms(ctx.db, { ...input, workflowOnly: true }),
    }),

    defineRoute({
      method: 'POST',
      url: '/api/workform/detail',
      summary: '工作流表单详情：设置及全部字段（含停用的）',
      tag: 'system',
      access: 'login',
      record: 'none',
      input: WorkFormIdInput,
      reply: FormDesignReply,
      handler: async ({ input }) => {
        const form = await findForm(ctx.db, input.id);
        if (!form) throw badRequest(MSG_FORM_NOT_FOUND);
        mustBeWorkForm(form);
        return success('获取成功', await formDesign(ctx.db, form));
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/workform/add',
      summary: '新建工作流表单（可同时提交完整字段列表）',
      tag: 'system',
      access: CREATE_WORK_FORMS,
      record: 'none',
      input: FormAddInput,
      reply: FormSavedReply,
      handler: async ({ input }) => {
        const items = input.items === undefined ? undefined : toFieldItems(input.items);
        const settings = { ...toFormSettings(input, NEW_WORK_FORM), is_workflow: 1 };
        return success('保存成功', { id: await saveFormAndFields(ctx, { mode: input.mode }, settings, items) });
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/workform/Edit',
      summary: '修改工作流表单的设置和字段（一个事务；表单标识不能修改）',
      tag: 'system',
      access: EDIT_WORK_FORMS,
      record: 'none',
      input: FormEditInput,
      reply: FormSavedReply,
      handler: async ({ input }) => {
        const items = input.items === undefined ? undefined : toFieldItems(input.items);
        const guard = (form: FormRow) => {
          mustBeWorkForm(form);
          if (input.mode !== undefined && input.mode !== '' && input.mode !== form.mode) throw badRequest('表单标识不能修改');
        };
        await saveFormAndFields(ctx, { id: input.id }, (form) => ({ ...toFormSettings(input, settingsOf(form)), is_workflow: 1 }), items, guard);
        return success('保存成功', { id: input.id });
      },
    }),

    defineRoute({
      method: 'POST',
      url: '/api/workform/delete',
      summary: '删除工作流表单（被流程使用时拒绝，并指出流程）',
      tag: 'system',
      access: DELETE_WORK_FORMS,
      record: 'none',
      input: WorkFormIdInput,
      reply: Done,
      handler: async ({ input }) => {
        await deleteWorkForm(ctx, input.id);
        return success('删除成功');
      },
    }),
  ]);
}
