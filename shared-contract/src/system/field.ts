/**
 * A form's fields (spec §3 "Dynamic form field definition"): the definition the form designer stores for
 * each field and the dynamic form renders, its linkage rules, and the replies of api/field/* (the
 * designer's single fields and each user's list columns). A definition travels as JSON text in an
 * item's `json` (`FormItem`, form.ts); these types describe that text once parsed. The server checks
 * definitions (field-definition.ts, linkage.ts) and shared-ui renders them against these same types.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, ListOf, Opaque } from '../wire';

/** A choice of a select / radio / statusSelect field. */
export const FieldOptionSchema = Type.Object({ label: Type.String(), value: Type.Union([Type.String(), Type.Number()]) });
export type FieldOption = Static<typeof FieldOptionSchema>;

export const LinkageEffectSchema = Type.Union([Type.Literal('show'), Type.Literal('hide'), Type.Literal('require')]);
export type LinkageEffect = Static<typeof LinkageEffectSchema>;

/**
 * One linkage rule: while field `when` has one of `values`, this field is shown (visible only while some
 * `show` rule matches), hidden (while any `hide` rule matches) or required (while any `require` rule matches).
 */
export const LinkageRuleSchema = Type.Object({ when: Type.String(), values: Type.Array(Type.String()), effect: LinkageEffectSchema });
export type LinkageRule = Static<typeof LinkageRuleSchema>;

/** One field of a form definition, as the server stores it in an item's `json`. */
export const FieldDefinitionSchema = Type.Object({
  /** A control type (input, select, customer, tablelist…), or anything else (rendered as 未知控件类型). */
  type: Type.String(),
  /** The value's key in the record ('' for layout controls: divider, userinfo). */
  field: Type.String(),
  /** Companion display field (user names, customer name, branch names…). */
  field2: Type.Optional(Type.String()),
  title: Type.String(),
  required: Type.Optional(Type.Boolean()),
  /** Overrides the default required message. */
  message: Type.Optional(Type.String()),
  placeholder: Type.Optional(Type.String()),
  disabled: Type.Optional(Type.Boolean()),
  readonly: Type.Optional(Type.Boolean()),
  options: Type.Optional(Type.Array(FieldOptionSchema)),
  /** Remote options or picker source: an API path of this server. */
  url: Type.Optional(Type.String()),
  /** Default 'post'. */
  method: Type.Optional(Type.Union([Type.Literal('post'), Type.Literal('get')])),
  /** JSON text of extra request parameters. */
  params: Type.Optional(Type.String()),
  /** The field this one depends on; its value re-parameterises this field. */
  parent: Type.Optional(Type.String()),
  /** JSON text mapping request parameter names to '$parent' or parent field names. */
  parentParams: Type.Optional(Type.String()),
  /** Dotted path unwrapping the remote reply (e.g. 'data.rows'). */
  loadFilter: Type.Optional(Type.String()),
  optionText: Type.Optional(Type.String()),
  optionValue: Type.Optional(Type.String()),
  max: Type.Optional(Type.Number()),
  multiple: Type.Optional(Type.Boolean()),
  multipleLimit: Type.Optional(Type.Number()),
  rows: Type.Optional(Type.Number()),
  height: Type.Optional(Type.Number()),
  width: Type.Optional(Type.Union([Type.Number(), Type.String()])),
  /** Switch values. */
  active: Type.Optional(Type.Union([Type.String(), Type.Number()])),
  inactive: Type.Optional(Type.Union([Type.String(), Type.Number()])),
  onHand: Type.Optional(Type.Boolean()),
  remote: Type.Optional(Type.Boolean()),
  /** How many form columns the field spans (of the form's `cols`). */
  column: Type.Optional(Type.Number()),
  /** Default value: its shape is the control's, chosen in the designer at run time. */
  value: Type.Optional(Opaque()),
  name: Type.Optional(Type.String()),
  /** Workflow nodes: whether this field is writable at the current node (set when served with a nodeid, never stored). */
  writable: Type.Optional(Type.Boolean()),
  /** Show, hide or require this field when another field has a given value. */
  linkage: Type.Optional(Type.Array(LinkageRuleSchema)),
  /** date/datetime: may not be earlier than this other date field of the form (结束日期 against 开始日期). */
  notBefore: Type.Optional(Type.String()),
  /** tablelist: every row also has a 金额 (`amount`), and the rows' amounts add up to this number field (报销金额). */
  totalField: Type.Optional(Type.String()),
});
export type FieldDefinition = Static<typeof FieldDefinitionSchema>;

/** A field as the designer lists it (api/field/index); `json` is its FieldDefinition as text. */
export const DesignerFieldRowSchema = Type.Object({
  id: Type.Number(),
  sort: Type.Number(),
  status: Type.Number(),
  isshow: Type.Number(),
  type: Type.String(),
  field: Type.String(),
  title: Type.String(),
  json: Type.String(),
});
export type DesignerFieldRow = Static<typeof DesignerFieldRowSchema>;

/**
 * A field as the list-column chooser shows it (api/field/list): `checkbox` whether it can be a list
 * column at all (pictures, editors… cannot), `show` whether the user shows it; `json` its FieldDefinition as text.
 */
export const ColumnFieldRowSchema = Type.Object({
  id: Type.Number(),
  title: Type.String(),
  checkbox: Type.Boolean(),
  show: Type.Boolean(),
  json: Type.String(),
});
export type ColumnFieldRow = Static<typeof ColumnFieldRowSchema>;

/** The user's list columns (api/field/my, api/field/set): field ids, comma separated. */
export const ShownFieldsSchema = Type.Object({ show: Type.String() });
export type ShownFields = Static<typeof ShownFieldsSchema>;

export const DesignerFieldListReply = ListOf(DesignerFieldRowSchema);
export const ColumnFieldListReply = ListOf(ColumnFieldRowSchema);
export const ShownFieldsReply = Envelope(ShownFieldsSchema);
/** api/field/add, api/field/edit: the field's id. */
export const FieldSavedReply = Envelope(Type.Object({ id: Type.Number() }));
