/**
 * The designer's state as pure functions: the field list (add from the palette, move, remove, edit),
 * what 保存 sends, and which field a server message is about.
 */
import type { FormDesign } from '@portal/shared-contract';
import type { FieldDefinition, FormDefinition } from '@portal/shared-ui';
import { controlLabel, controlSpec } from './control-catalogue';

/** One field being designed: its stored id (absent when new), its definition and flags, and a stable client key. */
export type DesignField = { key: string; id?: number; def: FieldDefinition; status: number; isshow: number };

/** The settings the designer edits (of what api/form/detail and api/workform/detail answer: FormDesign). */
export type FormSettings = Pick<FormDesign, 'mode' | 'title' | 'category' | 'cols' | 'labelwidth' | 'labelposition' | 'labelbg'>;

export type DesignState = { settings: FormSettings; fields: DesignField[] };

export const NEW_SETTINGS: FormSettings = { mode: '', title: '', category: '', cols: 2, labelwidth: 100, labelposition: 'right', labelbg: '' };

let counter = 0;
const nextKey = () => `f${Date.now().toString(36)}${(counter += 1)}`;

export function fromReply(reply: FormDesign): DesignState {
  const { mode, title, category, cols, labelwidth, labelposition, labelbg } = reply;
  return {
    settings: { mode, title, category, cols, labelwidth, labelposition, labelbg },
    fields: reply.items.map((item) => {
      let def: FieldDefinition;
      try {
        def = JSON.parse(item.json) as FieldDefinition;
      } catch {
        def = { type: 'unreadable', field: '', title: '无法读取的字段' };
      }
      return { key: nextKey(), id: item.id, def, status: item.status, isshow: item.isshow };
    }),
  };
}

/** A field name not yet taken: `input1`, `input2`… */
export function freeName(fields: readonly DesignField[], type: string): string {
  const taken = new Set(fields.flatMap((f) => [f.def.field, f.def.field2]).filter(Boolean));
  const base = type.replace(/[^A-Za-z]/g, '').toLowerCase() || 'field';
  for (let n = 1; ; n += 1) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

export function newField(fields: readonly DesignField[], type: string): DesignField {
  const spec = controlSpec(type);
  const label = controlLabel(type);
  const field = type === 'divider' ? '' : freeName(fields, type);
  const def: FieldDefinition = { type, field, title: label, ...(spec?.defaults ?? {}) };
  if (spec?.props.includes('field2')) def.field2 = `${field}_name`;
  if (spec?.props.includes('placeholder')) def.placeholder = `请输入${label}`;
  return { key: nextKey(), def, status: 1, isshow: 1 };
}

export function insertField(fields: readonly DesignField[], field: DesignField, at = fields.length): DesignField[] {
  const next = [...fields];
  next.splice(Math.max(0, Math.min(at, next.length)), 0, field);
  return next;
}

export function moveField(fields: readonly DesignField[], from: number, to: number): DesignField[] {
  if (from === to || from < 0 || from >= fields.length || to < 0 || to >= fields.length) return [...fields];
  const next = [...fields];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

export function removeField(fields: readonly DesignField[], key: string): DesignField[] {
  return fields.filter((f) => f.key !== key);
}

/** Sets (or, for undefined / '' / empty list, removes) one property of a field's definition. */
export function updateField(fields: readonly DesignField[], key: string, patch: Partial<FieldDefinition>): DesignField[] {
  return fields.map((f) => {
    if (f.key !== key) return f;
    const def: Record<string, unknown> = { ...f.def };
    for (const [name, value] of Object.entries(patch)) {
      if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0 && name !== 'options')) delete def[name];
      else def[name] = value;
    }
    return { ...f, def: def as FieldDefinition };
  });
}

/** The definition the live preview renders (enabled, shown fields, as the entry form will). */
export function previewDefinition(state: DesignState): FormDefinition {
  const { settings, fields } = state;
  return {
    title: settings.title,
    cols: settings.cols,
    labelwidth: settings.labelwidth,
    labelposition: settings.labelposition,
    labelbg: settings.labelbg,
    items: fields.filter((f) => f.status === 1 && f.isshow === 1).map((f, i) => ({ id: i + 1, json: f.def })),
    api_add: '',
    api_edit: '',
    api_detail: '',
  };
}

/** The body of 保存 (api/form/add|Edit, api/workform/add|Edit): the settings and the complete field list. */
export function saveBody(id: number, state: DesignState): Record<string, unknown> {
  const { mode, ...rest } = state.settings;
  const items = state.fields.map((f) => ({ ...(f.id ? { id: f.id } : {}), json: f.def, status: f.status, isshow: f.isshow }));
  return id > 0 ? { id, ...rest, items: JSON.stringify(items) } : { mode, ...rest, items: JSON.stringify(items) };
}

/**
 * The field a server message is about: `第N个字段…` by position, else the first `字段“X”` (or
 * `字段名“x”`) naming a field's title or name. -1 when it names none (a setting, or a general error).
 */
export function fieldAtFault(fields: readonly DesignField[], msg: string): number {
  const position = /^第(\d+)个字段/.exec(msg);
  if (position) {
    const i = Number(position[1]) - 1;
    return i >= 0 && i < fields.length ? i : -1;
  }
  // 字段名“x”重复（字段“A”和“B”）: the later field (B) is the one just added or renamed.
  const named = msg.includes('重复') ? [...msg.matchAll(/“([^”]+)”/g)].reverse() : [...msg.matchAll(/字段名?“([^”]+)”/g)];
  for (const m of named) {
    const name = m[1];
    const byTitle = fields.findIndex((f) => f.def.title === name);
    if (byTitle >= 0) return byTitle;
    const byName = fields.findIndex((f) => f.def.field === name || f.def.field2 === name);
    if (byName >= 0) return byName;
  }
  return -1;
}
