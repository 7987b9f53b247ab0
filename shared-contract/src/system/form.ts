/**
 * 表单 (自定义表单 and 工作流表单): the definition the dynamic form renders (/Api/formField/index/,
 * api/formField/Edit), the form lists (api/form/index, api/form/list, api/form/workform,
 * api/workform/index), categories, and a form's settings with its complete field list as the designer
 * opens it (api/form/detail, api/workform/detail). Each field's definition travels as JSON text in an
 * item's `json`: a FieldDefinition (field.ts) once parsed.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, ListOf } from '../wire';

/** Where field labels sit (anything else stored reads as 'right'). */
export const LabelPositionSchema = Type.Union([Type.Literal('left'), Type.Literal('right'), Type.Literal('top')]);
export type LabelPosition = Static<typeof LabelPositionSchema>;

/** One field of a served definition: its id and its FieldDefinition as JSON text. */
export const FormItemSchema = Type.Object({ id: Type.Number(), json: Type.String() });
export type FormItem = Static<typeof FormItemSchema>;

/** A form definition as /Api/formField/index/ answers it (the form's enabled fields, in order). */
export const FormDefinitionSchema = Type.Object({
  id: Type.Number(),
  /** Form key, e.g. 'customer'. */
  mode: Type.String(),
  title: Type.String(),
  cols: Type.Number(),
  items: Type.Array(FormItemSchema),
  api_add: Type.String(),
  api_edit: Type.String(),
  api_detail: Type.String(),
  labelwidth: Type.Number(),
  labelposition: LabelPositionSchema,
  labelbg: Type.String(),
});
export type FormDefinitionData = Static<typeof FormDefinitionSchema>;

/** A form's settings as the form pages list and show them. */
export const FormSummarySchema = Type.Object({
  id: Type.Number(),
  mode: Type.String(),
  title: Type.String(),
  category: Type.String(),
  cols: Type.Number(),
  labelwidth: Type.Number(),
  labelposition: LabelPositionSchema,
  labelbg: Type.String(),
  api_add: Type.String(),
  api_edit: Type.String(),
  api_detail: Type.String(),
  is_workflow: Type.Number(),
  is_builtin: Type.Number(),
  /** Enabled fields. */
  fieldCount: Type.Number(),
  AddTime: Type.String(),
  UpdateTime: Type.String(),
});
export type FormSummary = Static<typeof FormSummarySchema>;

/** A form in short (api/form/list: pickers and menus). */
export const FormBriefSchema = Type.Object({
  id: Type.Number(),
  mode: Type.String(),
  title: Type.String(),
  category: Type.String(),
  is_workflow: Type.Number(),
});
export type FormBrief = Static<typeof FormBriefSchema>;

/** A category with its form count (api/form/category). */
export const FormCategoryRowSchema = Type.Object({ category: Type.String(), count: Type.Number() });
export type FormCategoryRow = Static<typeof FormCategoryRowSchema>;

/** One stored field with its flags, as the designer opens a form (disabled and hidden ones too). */
export const FormDesignItemSchema = Type.Object({ id: Type.Number(), json: Type.String(), status: Type.Number(), isshow: Type.Number() });
export type FormDesignItem = Static<typeof FormDesignItemSchema>;

/** A form's settings with its complete field list (api/form/detail, api/workform/detail). */
export const FormDesignSchema = Type.Composite([FormSummarySchema, Type.Object({ items: Type.Array(FormDesignItemSchema) })]);
export type FormDesign = Static<typeof FormDesignSchema>;

export const FormDefinitionReply = Envelope(FormDefinitionSchema);
export const FormListReply = ListOf(FormSummarySchema);
export const FormBriefListReply = ListOf(FormBriefSchema);
export const FormCategoryListReply = ListOf(FormCategoryRowSchema);
export const FormDesignReply = Envelope(FormDesignSchema);
/** api/form/add|Edit, api/workform/add|Edit: the form's id. */
export const FormSavedReply = Envelope(Type.Object({ id: Type.Number() }));
