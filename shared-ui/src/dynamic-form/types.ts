/**
 * The dynamic form engine's contract (spec §3 "Dynamic form field definition", "Form definition",
 * §4 value shapes, §5 validation). The engine (dynamic-form.tsx) renders a FormDefinition; each
 * control type is a ControlComponent registered by its type name.
 */
import type { ComponentType } from 'react';

export const CONTROL_TYPES = [
  'divider',
  'userinfo',
  'input',
  'number',
  'ColorPicker',
  'select',
  'statusSelect',
  'jcselect',
  'radio',
  'date',
  'datetime',
  'daterange',
  'switch',
  'textarea',
  'city',
  'county',
  'branch',
  'contract',
  'customer',
  'user',
  'users',
  'product',
  'picture',
  'cover',
  'file',
  'editor',
  'property',
  'tags',
  'tree',
  'tablelist',
] as const;

export type ControlType = (typeof CONTROL_TYPES)[number];

/** Controls whose value travels as a JSON string (spec §4). */
export const JSON_VALUE_TYPES: readonly ControlType[] = ['product', 'property', 'picture', 'tablelist', 'county', 'city', 'file'];

export type FieldOption = { label: string; value: string | number };

/** One field of a form definition, as the server stores it in an item's `json`. */
export type FieldDefinition = {
  /** A ControlType, or anything else (rendered as 未知控件类型). */
  type: string;
  field: string;
  /** Companion display field (user names, customer name, branch names…). */
  field2?: string;
  title: string;
  required?: boolean;
  /** Overrides the default required message. */
  message?: string;
  placeholder?: string;
  disabled?: boolean;
  readonly?: boolean;
  options?: FieldOption[];
  /** Remote options or picker source. */
  url?: string;
  /** Default 'post'. */
  method?: 'post' | 'get';
  /** JSON string of extra request parameters. */
  params?: string;
  /** The field this one depends on; its value re-parameterises this field. */
  parent?: string;
  /** JSON string mapping request parameter names to '$parent' or parent field names. */
  parentParams?: string;
  /** Dotted path unwrapping the remote reply (e.g. 'data.rows'). */
  loadFilter?: string;
  optionText?: string;
  optionValue?: string;
  max?: number;
  multiple?: boolean;
  multipleLimit?: number;
  rows?: number;
  height?: number;
  width?: number | string;
  /** Switch values. */
  active?: string | number;
  inactive?: string | number;
  onHand?: boolean;
  remote?: boolean;
  /** How many form columns the field spans (of FormDefinition.cols). */
  column?: number;
  /** Default value. */
  value?: unknown;
  name?: string;
  /** Workflow nodes: whether this field is writable at the current node. */
  writable?: boolean;
  /** Show, hide or require this field when another field has a given value (linkage.ts). */
  linkage?: LinkageRule[];
  /** date/datetime: may not be earlier than this other date field of the form (结束日期 against 开始日期). */
  notBefore?: string;
  /** tablelist: every row also has a 金额 (`amount`), and the rows' amounts add up to this number field (报销金额). */
  totalField?: string;
};

/** One linkage rule: while field `when` has one of `values`, this field is shown, hidden or required. */
export type LinkageRule = { when: string; values: string[]; effect: 'show' | 'hide' | 'require' };

/** A form definition as POST /Api/formField/index/ answers it (in `data`). */
export type FormDefinition = {
  id?: number;
  /** Form key, e.g. 'customer'. */
  mode?: string;
  title?: string;
  cols: number;
  /** `json` is the FieldDefinition, stored as a JSON string (parse when it is a string). */
  items: { id?: number; json: FieldDefinition | string }[];
  api_add: string;
  api_edit: string;
  api_detail: string;
  labelwidth?: number;
  labelposition?: 'left' | 'right' | 'top';
  labelbg?: string;
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
