import type { LinkageEffect, LinkageRule } from '@portal/shared-contract';
import { badRequest } from '../../../http/errors';
import { isRecord } from '../../../lib/is-record';

/**
 * Field linkage (issue #9 "go further"): a field is shown, hidden or made required when another field
 * has one of the given values. Stored in the field's definition as `linkage: [{when, values, effect}]`.
 * The rule's shape is the contract's (LinkageRule of @portal/shared-contract). The same function runs in
 * the dynamic form (shared-ui/src/dynamic-form/linkage.ts, a copy: the server imports nothing from the
 * front-end packages) and on the server where records are saved.
 *
 * - `show`: the field is visible only while some `show` rule matches;
 * - `hide`: the field is hidden while any `hide` rule matches;
 * - `require`: the field is required while any `require` rule matches.
 * A hidden field's value is dropped; a hidden controlling field counts as empty, so chains follow.
 */
export const LINKAGE_EFFECTS: readonly LinkageEffect[] = ['show', 'hide', 'require'];
export type { LinkageEffect, LinkageRule };
export type LinkedField = { field: string; title?: string; required?: boolean; linkage?: LinkageRule[] };
export type FieldState = { visible: boolean; required: boolean };

/** A value as the texts it holds: a comma list or an array gives several, a boolean gives '1'/'0'. */
export function valueTexts(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'boolean') return [value ? '1' : '0'];
  if (typeof value === 'number') return Number.isFinite(value) ? [String(value)] : [];
  if (Array.isArray(value)) return value.flatMap((v) => valueTexts(v));
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return [];
    return text.includes(',')
      ? [
          text,
          ...text
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== ''),
        ]
      : [text];
  }
  return [];
}

/** Whether a rule's condition holds for the controlling value. */
export function ruleMatches(rule: Pick<LinkageRule, 'values'>, value: unknown): boolean {
  const texts = valueTexts(value);
  return rule.values.some((v) => texts.includes(String(v)));
}

/** Every field's visibility and requiredness for the given values (fields without a name are always visible). */
export function linkageState(fields: readonly LinkedField[], values: Record<string, unknown>): Map<string, FieldState> {
  const byName = new Map(fields.filter((f) => f.field).map((f) => [f.field, f]));
  const visible = new Map<string, boolean>();
  const visiting = new Set<string>();

  const isVisible = (name: string): boolean => {
    const known = visible.get(name);
    if (known !== undefined) return known;
    const def = byName.get(name);
    if (!def || !def.linkage?.length || visiting.has(name)) return true;
    visiting.add(name);
    const valueOf = (when: string) => (byName.has(when) && !isVisible(when) ? undefined : values[when]);
    const shows = def.linkage.filter((r) => r.effect === 'show');
    const hides = def.linkage.filter((r) => r.effect === 'hide');
    const result = (shows.length === 0 || shows.some((r) => ruleMatches(r, valueOf(r.when)))) && !hides.some((r) => ruleMatches(r, valueOf(r.when)));
    visiting.delete(name);
    visible.set(name, result);
    return result;
  };

  const out = new Map<string, FieldState>();
  for (const def of fields) {
    if (!def.field) continue;
    const shown = isVisible(def.field);
    const requires = (def.linkage ?? []).filter((r) => r.effect === 'require');
    const conditional = requires.some((r) => ruleMatches(r, byName.has(r.when) && !isVisible(r.when) ? undefined : values[r.when]));
    out.set(def.field, { visible: shown, required: shown && (Boolean(def.required) || conditional) });
  }
  return out;
}

/** Checks a definition's `linkage` (shape only; the controlling fields are checked with the whole list). */
export function parseLinkage(raw: unknown, who: string): LinkageRule[] | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (!Array.isArray(raw)) throw badRequest(`${who}的联动规则必须是列表`);
  if (raw.length > 20) throw badRequest(`${who}的联动规则不能超过20条`);
  return raw.map((r, i) => {
    const which = `${who}的第${i + 1}条联动规则`;
    if (!isRecord(r)) throw badRequest(`${which}格式不正确`);
    if (typeof r.when !== 'string' || r.when.trim() === '') throw badRequest(`${which}缺少条件字段`);
    if (!LINKAGE_EFFECTS.includes(r.effect as LinkageEffect)) throw badRequest(`${which}的效果只能是show、hide或require`);
    const values = Array.isArray(r.values) ? r.values : r.values === undefined ? [] : [r.values];
    if (values.length === 0 || values.length > 50) throw badRequest(`${which}需要1到50个条件值`);
    if (values.some((v) => (typeof v !== 'string' && typeof v !== 'number') || String(v).length > 100)) throw badRequest(`${which}的条件值必须是文本`);
    return { when: r.when.trim(), values: values.map(String), effect: r.effect as LinkageEffect };
  });
}

/** Every rule names another field of the same form (by its field name). */
export function checkLinkageTargets(defs: readonly (LinkedField & { title: string })[]): void {
  const names = new Set(defs.map((d) => d.field).filter(Boolean));
  for (const def of defs) {
    for (const rule of def.linkage ?? []) {
      if (rule.when === def.field) throw badRequest(`字段“${def.title}”的联动条件不能是它自己`);
      if (!names.has(rule.when)) throw badRequest(`字段“${def.title}”的联动条件字段“${rule.when}”不存在`);
    }
  }
}
