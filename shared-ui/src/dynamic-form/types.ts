/**
 * The dynamic form engine's contract (spec §3 "Dynamic form field definition", "Form definition",
 * §4 value shapes, §5 validation). The engine (dynamic-form.tsx) renders a FormDefinition; each
 * control type is a ControlComponent registered by its type name.
 */
import type { FieldDefinition, FormDefinitionData } from '@portal/shared-contract';
import type { ComponentType } from 'react';

import { CONTROL_TYPES, type ControlType } from '@portal/shared-contract/control-types';
export { CONTROL_TYPES, type ControlType };

/** Controls whose value travels as a JSON string (spec §4). */
export const JSON_VALUE_TYPES: readonly ControlType[] = ['product', 'property', 'picture', 'tablelist', 'county', 'city', 'file'];

/**
 * A field's definition (FieldDefinition: type, field, title, options, linkage…) and a form definition as
 * the server sends it (FormDefinitionData) are the wire contract's, shared with the server.
 */
export type { FieldDefinition, FieldOption, LinkageRule } from '@portal/shared-contract';

/**
 * A form definition as the engine renders it: /Api/formField/index/'s `data` (FormDefinitionData), or one
 * built on the client (the designer's preview, tests), where the id, key and label settings may be absent
 * and an item's `json` may be the FieldDefinition itself rather than its JSON text.
 */
export type FormDefinition = Pick<FormDefinitionData, 'cols' | 'api_add' | 'api_edit' | 'api_detail'> &
  Partial<Pick<FormDefinitionData, 'id' | 'mode' | 'title' | 'labelwidth' | 'labelposition' | 'labelbg'>> & {
    /** `json` is the FieldDefinition, stored as a JSON string (parse when it is a string). */
    items: { id?: number; json: FieldDefinition | string }[];
  };

export type FormMode = 'create' | 'edit' | 'view';

/** Props every control receives from the engine. `value`/`onChange` are the field's own value. */
export type ControlProps<V = unknown> = {
  field: FieldDefinition;
  value?: V;
  onChange?: (value: V) => void;
  /** Reads or sets another form value (field2 companions, dependent fields). */
  getFormValue: (name: string) => unknown;
  setFormValue: (name: string, value: unknown) => void;
  /** Request parameters: field.params merged with the parent's value (dependent fields). */
  params: Record<string, unknown>;
  disabled: boolean;
  mode: FormMode;
  /** The form's client-generated code (GUID), used by upload controls as `code`. */
  formCode: string;
  /** The record id ('0' = create). */
  recordId: string;
  /** The element id the field's label points at (set by antd's Form.Item); put it on the input. */
  id?: string;
};

export type ControlComponent = ComponentType<ControlProps>;
