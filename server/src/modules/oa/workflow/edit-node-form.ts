import type { AppContext } from '../../../app-context';
import { transact } from '../../../db/transact';
import { badRequest } from '../../../http/errors';
import type { Actor } from '../../auth/session/actor';
import { findNode } from './flow-graph';
import { keepMaskedFormValues } from '../../system/field-mask/form-value-masks';
import { linkApprovalFiles } from './approval-files';
import { formEditorOf, parseData } from './workflow-store';
import { log, engineFor, openStepOf } from './approval-progress';
import { definitionsOf, loadFields } from '../../system/form/form.service';
import { checkFieldRelations } from '../../system/module-record/record-validation';
import { companionKeys, withCompanionNames } from '../../system/form/form-companions';

const isWorkFormApi = (apiAdd: string) => /^\/?api\/(workflow\/approval|module\/add)\/?$/i.test(apiAdd.trim());

/** Saves the node form: only fields the step's node makes editable (writeField 'edit'); logged as a form-edit log (type 2). */
export async function editFormField(ctx: AppContext, actor: Actor, stepId: number, data: Record<string, unknown>): Promise<void> {
  await transact(ctx, async (tx) => {
    const { step, inst } = await openStepOf(ctx, tx, actor.userId, stepId);
    data = await keepMaskedFormValues(tx, actor, inst.form_mode, parseData(inst.form_data), data);
    const e = await engineFor(ctx, tx, inst);
    const node = findNode(e.flow, step.node_id);
    const writable = Object.entries(node?.config.writeField ?? {})
      .filter(([, r]) => r === 'edit')
      .map(([f]) => f);
    if (writable.length === 0) throw badRequest('当前节点没有可编辑的字段');
    const businessForm = formEditorOf(inst.form_mode);
    // The form's fields: their rules, and the display texts (field2) of writable pickers, which the
    // server writes (a business record's editor writes its own) rather than take as sent.
    const form = await tx.selectFrom('forms').select(['id', 'api_add']).where('mode', '=', inst.form_mode).executeTakeFirst();
    const defs = form ? definitionsOf(await loadFields(tx, form.id, { enabledOnly: true })) : [];
    const companions = companionKeys(defs, writable);
    const keys = Object.keys(data).filter((k) => !companions.includes(k));
    data = Object.fromEntries(keys.map((k) => [k, data[k]]));
    const foreign = keys.filter((k) => !writable.includes(k));
    if (foreign.length) throw badRequest(`字段「${foreign[0]}」在当前节点不可编辑`);
    for (const k of keys) {
      const v = data[k];
      if (typeof v === 'string' && [...v].length > 2000) throw badRequest(`字段「${k}」内容过长`);
      if (v !== null && typeof v === 'object' && JSON.stringify(v).length > 20000) throw badRequest(`字段「${k}」内容过长`);
    }
    const before = parseData(inst.form_data);
    const changed = keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(data[k]));
    if (changed.length === 0) return;
    let merged: Record<string, unknown> = { ...before, ...data };
    let title: string | undefined;
    if (businessForm) {
      // A business record (报销 …) validates and takes the edit itself; the instance keeps its result.
      ({ data: merged, title } = await businessForm(tx, inst.record_id, merged, e.now.toISOString()));
    } else {
      // A work form keeps the rules between its fields (结束日期 not before 开始日期 …) through node edits too,
      // and an edited picker's display text is the one of the record it now names.
      const edited = defs.filter((d) => changed.includes(d.field));
      const named = await withCompanionNames(tx, edited, data);
      merged = { ...before, ...named };
      checkFieldRelations(defs, merged);
      // Only a work form's record lives in module_records (another business record's id would name an unrelated one).
      const rec =
        form && isWorkFormApi(form.api_add)
          ? await tx.selectFrom('module_records').select(['id', 'data']).where('id', '=', inst.record_id).where('form_id', '=', form.id).executeTakeFirst()
          : undefined;
      if (rec)
        await tx
          .updateTable('module_records')
          .set({ data: JSON.stringify({ ...parseData(rec.data), ...named }), updated_at: e.now.toISOString() })
          .where('id', '=', rec.id)
          .execute();
    }
    await tx
      .updateTable('wf_instances')
      .set({ form_data: JSON.stringify(merged), ...(title ? { title } : {}), updated_at: e.now.toISOString() })
      .where('id', '=', inst.id)
      .execute();
    await linkApprovalFiles(tx, actor, inst.id, JSON.stringify(data));
    await log(e, inst.id, {
      stepId,
      nodeId: step.node_id,
      nodeName: step.step_name,
      userId: actor.userId,
      action: 'formedit',
      type: 2,
      ext: `修改了 ${changed.join('、')}`,
    });
  });
}
