/**
 * Field linkage (issue #9): a field is shown, hidden or made required when another field has one of
 * the given values, stored in its definition as `linkage: [{when, values, effect}]`. The server keeps
 * a copy of this function (server/src/modules/system/form/linkage.ts) and applies it where records are
 * saved: a hidden field's value is dropped, a conditionally required empty field is refused.
 *
 * - `show`: visible only while some `show` rule matches;
 * - `hide`: hidden while any `hide` rule matches;
 * - `require`: required while any `require` rule matches.
 * A hidden controlling field counts as empty, so chains follow.
 */
import type { FieldDefinition, LinkageRule } from './types';

export type FieldState = { visible: boolean; required: boolean };

export const LINKAGE_EFFECT_LABELS: Record<LinkageRule['effect'], string> = { show: '显示', hide: '隐藏', require: '必填' };

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

export function ruleMatches(rule: Pick<LinkageRule, 'values'>, value: unknown): boolean {
  const texts = valueTexts(value);
  return rule.values.some((v) => texts.includes(String(v)));
}

export function hasLinkage(fields: readonly Pick<FieldDefinition, 'linkage'>[]): boolean {
  return fields.some((f) => (f.linkage?.length ?? 0) > 0);
}

type Linked = Pick<FieldDefinition, 'field' | 'required' | 'linkage'>;

/** Every named field's visibility and requiredness for the given values. */
export function linkageState(fields: readonly Linked[], getValue: (name: string) => unknown): Map<string, FieldState> {
  const byName = new Map(fields.filter((f) => f.field).map((f) => [f.field, f]));
  const visible = new Map<string, boolean>();
  const visiting = new Set<string>();

  const isVisible = (name: string): boolean => {
    const known = visible.get(name);
    if (known !== undefined) return known;
    const def = byName.get(name);
    if (!def || !def.linkage?.length || visiting.has(name)) return true;
    visiting.add(name);
    const valueOf = (when: string) => (byName.has(when) && !isVisible(when) ? undefined : getValue(when));
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
    const conditional = (def.linkage ?? [])
      .filter((r) => r.effect === 'require')
      .some((r) => ruleMatches(r, byName.has(r.when) && !isVisible(r.when) ? undefined : getValue(r.when)));
    out.set(def.field, { visible: shown, required: shown && (Boolean(def.required) || conditional) });
  }
  return out;
}

/** The state as a short stable text (one letter per field: h hidden, r required, v visible), for form watchers. */
export function linkageKey(fields: readonly Linked[], getValue: (name: string) => unknown): string {
  if (!hasLinkage(fields)) return '';
  const state = linkageState(fields, getValue);
  return fields
    .map((f) => {
      const s = f.field ? state.get(f.field) : undefined;
      if (!s) return 'v';
      return !s.visible ? 'h' : s.required ? 'r' : 'v';
    })
    .join('');
}
