import { Type, type Static } from '@sinclair/typebox';
import { badRequest } from '../../../http/errors';
import { Fields, Flag, Id, Integer, JsonValue, MESSAGES_KEYWORD, OneOf, OptionalText, Paging, RequiredText, Text } from '../../../http/input-fields';
import { MODULE_API } from './builtin-forms';
import { isOwnApiUrl } from './field-definition';
import { labelPositionOf, MAX_FIELDS_PER_FORM, MSG_FORM_NOT_FOUND, type FormRow, type FormSettings } from './form.service';

const MODE = '^[A-Za-z][A-Za-z0-9_]{0,49}$';
const COLOUR = '^(#[0-9a-fA-F]{3,8}|[A-Za-z]{1,20}|rgba?\\([\\d\\s.,%]+\\))$';

/** How a call names a form: `formid` (its id or mode key), `mode` or `module` (mode key). */
export const FormKeys = {
  formid: Text('表单', 50, { messages: { invalid: MSG_FORM_NOT_FOUND } }),
  mode: Text('表单', 50, { messages: { invalid: MSG_FORM_NOT_FOUND } }),
  module: Text('表单', 50, { messages: { invalid: MSG_FORM_NOT_FOUND } }),
};

export const FormListInput = Fields({ ...Paging(20), key: Text('搜索关键字', 100), category: Text('分类', 50) });

/** A form's settings; absent ones get the defaults (api/form/add) or keep their value (api/form/Edit). */
const FormSettingsFields = {
  title: OptionalText('表单名称', 100),
  category: OptionalText('分类', 50),
  cols: Type.Optional(Integer('每行列数', { min: 1, max: 4 }, { messages: { invalid: '每行列数必须是1到4之间的整数' } })),
  labelwidth: Type.Optional(Integer('标签宽度', { min: 40, max: 400 }, { messages: { invalid: '标签宽度必须是40到400之间的整数' } })),
  labelposition: Type.Optional(OneOf('标签位置', ['right', 'left', 'top'], undefined, { messages: { invalid: '标签位置只能是left、right或top' } })),
  labelbg: OptionalText('标签背景色', 30, { pattern: COLOUR, messages: { invalid: '标签背景色格式不正确' } }),
  api_add: OptionalText('新增接口', 200),
  api_edit: OptionalText('编辑接口', 200),
  api_detail: OptionalText('详情接口', 200),
  is_workflow: Type.Optional(Flag('是否审批表单', undefined, { messages: { invalid: '是否审批表单只能是0或1' } })),
};

/** The designer's complete field list (see FieldItemsInput), saved with the settings when given. */
const ItemsField = Type.Array(JsonValue('字段'), {
  title: '字段列表',
  maxItems: MAX_FIELDS_PER_FORM,
  [MESSAGES_KEYWORD]: { missing: '请提交字段列表', invalid: '字段列表必须是数组', tooMany: `一个表单最多${MAX_FIELDS_PER_FORM}个字段` },
});

/** The mode key of a new form: letters, digits and underscores, starting with a letter. */
export const FormAddInput = Fields({
  mode: RequiredText('表单标识', 50, { pattern: MODE, messages: { invalid: '表单标识只能用字母、数字和下划线，且以字母开头' } }),
  ...FormSettingsFields,
  items: Type.Optional(ItemsField),
});

/** The mode key is fixed once a form exists: entry pages and records refer to it. */
export const FormEditInput = Fields({
  id: Id('表单', { messages: { invalid: MSG_FORM_NOT_FOUND } }),
  mode: OptionalText('表单标识', 50),
  ...FormSettingsFields,
  items: Type.Optional(ItemsField),
});

/** api/workform/delete and detail: {id}. */
export const WorkFormIdInput = Fields({ id: Id('表单', { messages: { missing: '请选择表单', invalid: MSG_FORM_NOT_FOUND } }) });

/** {formid, items}: the designer's complete field list (as api/field/index gives it). */
export const FieldItemsInput = Fields({
  ...FormKeys,
  id: Text('表单', 50, { messages: { invalid: MSG_FORM_NOT_FOUND } }),
  items: Type.Array(JsonValue('字段'), {
    title: '字段列表',
    maxItems: MAX_FIELDS_PER_FORM,
    [MESSAGES_KEYWORD]: { missing: '请提交字段列表', invalid: '字段列表必须是数组', tooMany: `一个表单最多${MAX_FIELDS_PER_FORM}个字段` },
  }),
});

function apiField(value: string | undefined, label: string, fallback: string): string {
  if (value === undefined || value === '') return fallback;
  if (!isOwnApiUrl(value)) throw badRequest(`${label}必须是本系统的接口路径（如 ${MODULE_API.add}）`);
  return value;
}

export const NEW_FORM: FormSettings = {
  title: '',
  category: '',
  cols: 2,
  labelwidth: 100,
  labelposition: 'right',
  labelbg: '',
  api_add: MODULE_API.add,
  api_edit: MODULE_API.edit,
  api_detail: MODULE_API.detail,
  is_workflow: 0,
};

/** A new work form: it submits through the approval flow and keeps its records as generic ones. */
export const NEW_WORK_FORM: FormSettings = { ...NEW_FORM, api_add: 'api/WorkFlow/Approval', is_workflow: 1 };

type SettingsInput = Static<typeof FormAddInput> | Static<typeof FormEditInput>;

/** Settings of api/form/add (defaults for what is absent) or api/form/Edit (`current` kept for what is absent). */
export function toFormSettings(input: SettingsInput, current: FormSettings = NEW_FORM): FormSettings {
  const title = input.title ?? current.title;
  if (title === '') throw badRequest('表单名称不能为空');
  return {
    title,
    category: input.category ?? current.category,
    cols: input.cols ?? current.cols,
    labelwidth: input.labelwidth ?? current.labelwidth,
    labelposition: input.labelposition ?? current.labelposition,
    labelbg: input.labelbg ?? current.labelbg,
    api_add: apiField(input.api_add, '新增接口', current.api_add),
    api_edit: apiField(input.api_edit, '编辑接口', current.api_edit),
    api_detail: apiField(input.api_detail, '详情接口', current.api_detail),
    is_workflow: input.is_workflow ?? current.is_workflow,
  };
}

/** The stored settings of a form, as the fallbacks of an edit. */
export function settingsOf(form: FormRow): FormSettings {
  return {
    title: form.title,
    category: form.category,
    cols: form.cols,
    labelwidth: form.labelwidth,
    labelposition: labelPositionOf(form),
    labelbg: form.labelbg,
    api_add: form.api_add,
    api_edit: form.api_edit,
    api_detail: form.api_detail,
    is_workflow: form.is_workflow,
  };
}
