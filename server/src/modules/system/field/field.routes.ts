import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { actorOf, guarded, type ActorResolver } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { badRequest } from '../../../http/errors';
import { idList, integer, requestInput, type Input } from '../../../http/input';
import { apiPath } from '../../../http/url';
import { EDIT_FORMS } from '../form/form-permissions';
import { requireForm } from '../form/form.service';
import { addField, columnFields, deleteField, designerFields, editField, fieldForm, MSG_FIELD_NOT_FOUND, setShownFields, shownFieldIds, type FieldFlags } from './field.service';

/** `formid` (numeric id or mode key) or `mode`. */
const FORM_KEYS = ['formid', 'mode', 'module'] as const;

function fieldId(input: Input): number {
  const id = integer(input, 'id', undefined, { min: 1, message: MSG_FIELD_NOT_FOUND });
  if (id === undefined) throw badRequest('请选择字段');
  return id;
}

function flags(input: Input, current: FieldFlags): FieldFlags {
  return {
    status: integer(input, 'status', current.status, { min: 0, max: 1, message: '字段状态只能是0或1' }),
    isshow: integer(input, 'isshow', current.isshow, { min: 0, max: 1, message: '是否显示只能是0或1' }),
  };
}

function definitionOf(input: Input): unknown {
  if (input.json === undefined || input.json === null || input.json === '') throw badRequest('请提交字段定义');
  return input.json;
}

/** Single fields of a form (designer) and each user's choice of list columns. */
export function registerFieldRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  app.post(apiPath('/api/field/index'), { preHandler: guarded(resolve) }, async (request) => {
    const form = await requireForm(ctx.db, requestInput(request), FORM_KEYS);
    return designerFields(ctx, form);
  });

  app.post(apiPath('/api/field/list'), { preHandler: guarded(resolve) }, async (request) => {
    const input = requestInput(request);
    const form = await requireForm(ctx.db, input, FORM_KEYS);
    const shownOnly = integer(input, 'isshow', 0, { min: 0, max: 1, message: 'isshow只能是0或1' }) === 1;
    return columnFields(ctx, actorOf(request), form, shownOnly);
  });

  app.post(apiPath('/api/field/my'), { preHandler: guarded(resolve) }, async (request) => {
    const form = await requireForm(ctx.db, requestInput(request), FORM_KEYS);
    const ids = await shownFieldIds(ctx, actorOf(request), form);
    return success('获取成功', { show: ids.join(',') });
  });

  app.post(apiPath('/api/field/set'), { preHandler: guarded(resolve) }, async (request) => {
    const input = requestInput(request);
    const form = await requireForm(ctx.db, input, FORM_KEYS);
    const ids = idList(input, 'ids', { missing: '请至少选择一个字段', invalid: '字段ID不正确' });
    await setShownFields(ctx, actorOf(request), form, ids);
    return success('设置成功', { show: ids.join(',') });
  });

  app.post(apiPath('/api/field/add'), { preHandler: guarded(resolve, EDIT_FORMS) }, async (request) => {
    const input = requestInput(request);
    const form = await requireForm(ctx.db, input, FORM_KEYS);
    const id = await addField(ctx, form, definitionOf(input), flags(input, { status: 1, isshow: 1 }));
    return success('保存成功', { id });
  });

  app.post(apiPath('/api/field/edit'), { preHandler: guarded(resolve, EDIT_FORMS) }, async (request) => {
    const input = requestInput(request);
    const id = fieldId(input);
    const current = await fieldForm(ctx, id);
    await editField(ctx, id, definitionOf(input), flags(input, current));
    return success('保存成功', { id });
  });

  app.post(apiPath('/api/field/delete'), { preHandler: guarded(resolve, EDIT_FORMS) }, async (request) => {
    await deleteField(ctx, fieldId(requestInput(request)));
    return success('删除成功');
  });
}
