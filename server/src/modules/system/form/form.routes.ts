import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { guarded, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { badRequest } from '../../../http/errors';
import { integer, requestInput } from '../../../http/input';
import { apiPath } from '../../../http/url';
import { EDIT_FORMS } from './form-permissions';
import {
  createForm,
  findForm,
  formCategories,
  formSummary,
  listForms,
  loadFields,
  MSG_FORM_NOT_FOUND,
  parseFieldItems,
  requireForm,
  saveFormFields,
  toDefinition,
  updateForm,
  writableFieldsAtNode,
} from './form.service';
import { parseFormListQuery, parseFormSettings, parseMode, settingsOf } from './form.validation';

/** Form definitions: the engine's definition call, the designer's save, and the form pages. */
export function registerFormRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  /**
   * {mode, isshow:1, nodeid?} or {formid}: the definition the dynamic form renders. isshow=1 keeps
   * only the fields shown in the entry form; with nodeid every item's json carries `writable` for
   * that workflow node (see writableFieldsAtNode).
   */
  app.post(apiPath('/Api/formField/index/'), { preHandler: guarded(resolve) }, async (request) => {
    const input = requestInput(request);
    const form = await requireForm(ctx.db, input, ['formid', 'mode', 'module']);
    const shownOnly = integer(input, 'isshow', 0, { min: 0, max: 1, message: 'isshow只能是0或1' }) === 1;
    const nodeId = integer(input, 'nodeid', undefined, { min: 0, message: '审批节点参数不正确' });
    const fields = await loadFields(ctx.db, form.id, { enabledOnly: true, shownOnly });
    const writable = nodeId === undefined ? undefined : await writableFieldsAtNode(ctx, nodeId);
    return success('获取成功', toDefinition(form, fields, writable));
  });

  /** {formid, items}: replaces the form's field list with the complete list the designer sends (as api/field/index gives it). */
  app.post(apiPath('/api/formField/Edit'), { preHandler: guarded(resolve, EDIT_FORMS) }, async (request) => {
    const input = requestInput(request);
    const form = await requireForm(ctx.db, input, ['formid', 'id', 'mode']);
    if (input.items === undefined) throw badRequest('请提交字段列表');
    await saveFormFields(ctx, form, parseFieldItems(input.items));
    const fields = await loadFields(ctx.db, form.id, { enabledOnly: true });
    return success('保存成功', toDefinition(form, fields));
  });

  app.post(apiPath('/api/form/index'), { preHandler: guarded(resolve) }, async (request) => listForms(ctx.db, parseFormListQuery(requestInput(request))));

  /** Every form (short rows, for selects and menus). */
  app.post(apiPath('/api/form/list'), { preHandler: guarded(resolve) }, async (request) => {
    const query = { ...parseFormListQuery(requestInput(request)), page: 1, rows: 1000 };
    const all = await listForms(ctx.db, query);
    return { rows: all.rows.map((f) => ({ id: f.id, mode: f.mode, title: f.title, category: f.category, is_workflow: f.is_workflow })), total: all.total };
  });

  /** Approval (workflow) forms. */
  app.post(apiPath('/api/form/workform'), { preHandler: guarded(resolve) }, async (request) => listForms(ctx.db, parseFormListQuery(requestInput(request), true)));

  app.post(apiPath('/api/form/category'), { preHandler: guarded(resolve) }, async () => formCategories(ctx.db));

  app.post(apiPath('/api/form/detail'), { preHandler: guarded(resolve) }, async (request) => {
    const form = await requireForm(ctx.db, requestInput(request), ['id', 'formid', 'mode']);
    return success('获取成功', await formSummary(ctx.db, form));
  });

  app.post(apiPath('/api/form/add'), { preHandler: guarded(resolve, EDIT_FORMS) }, async (request) => {
    const input = requestInput(request);
    const mode = parseMode(input);
    const id = await createForm(ctx, mode, parseFormSettings(input));
    return success('保存成功', { id });
  });

  /** The mode key is fixed once a form exists: entry pages and records refer to it. */
  app.post(apiPath('/api/form/Edit'), { preHandler: guarded(resolve, EDIT_FORMS) }, async (request) => {
    const input = requestInput(request);
    const id = integer(input, 'id', undefined, { min: 1, message: MSG_FORM_NOT_FOUND });
    if (id === undefined) throw badRequest('请选择表单');
    const form = await findForm(ctx.db, id);
    if (!form) throw badRequest(MSG_FORM_NOT_FOUND);
    if (typeof input.mode === 'string' && input.mode.trim() !== '' && input.mode.trim() !== form.mode) throw badRequest('表单标识不能修改');
    await updateForm(ctx, id, parseFormSettings(input, settingsOf(form)));
    return success('保存成功', { id });
  });
}
