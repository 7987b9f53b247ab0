import { badRequest } from '../../../http/errors';
import { choice, integer, text, type Input } from '../../../http/input';
import { MODULE_API } from './builtin-forms';
import { isOwnApiUrl } from './field-definition';
import type { FormListQuery, FormRow, FormSettings } from './form.service';

const MODE = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;
const COLOUR = /^(#[0-9a-fA-F]{3,8}|[A-Za-z]{1,20}|rgba?\([\d\s.,%]+\))$/;

export function parseFormListQuery(input: Input, workflowOnly = false): FormListQuery {
  return {
    page: integer(input, 'page', 1, { min: 1, max: 1_000_000, message: '页码必须是正整数' }),
    rows: integer(input, 'rows', 20, { min: 1, max: 200, message: '每页条数必须是1到200之间的整数' }),
    key: text(input, 'key', { label: '搜索关键字', max: 100 }),
    category: text(input, 'category', { label: '分类', max: 50 }),
    workflowOnly,
  };
}

/** The mode key of a new form: letters, digits and underscores, starting with a letter. */
export function parseMode(input: Input): string {
  const mode = text(input, 'mode', { label: '表单标识', required: true, max: 50 });
  if (!MODE.test(mode)) throw badRequest('表单标识只能用字母、数字和下划线，且以字母开头');
  return mode;
}

function apiField(input: Input, key: string, label: string, fallback: string): string {
  const value = text(input, key, { label, max: 200 });
  if (value === '') return fallback;
  if (!isOwnApiUrl(value)) throw badRequest(`${label}必须是本系统的接口路径（如 ${MODULE_API.add}）`);
  return value;
}

const NEW_FORM: FormSettings = {
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

/** Settings of api/form/add (defaults for what is absent) or api/form/Edit (`current` kept for what is absent). */
export function parseFormSettings(input: Input, current: FormSettings = NEW_FORM): FormSettings {
  const present = (key: string) => input[key] !== undefined && input[key] !== null && input[key] !== '';
  const title = present('title') || current.title === '' ? text(input, 'title', { label: '表单名称', required: true, max: 100 }) : current.title;
  const category = present('category') ? text(input, 'category', { label: '分类', max: 50 }) : current.category;
  const cols = integer(input, 'cols', current.cols, { min: 1, max: 4, message: '每行列数必须是1到4之间的整数' });
  const labelwidth = integer(input, 'labelwidth', current.labelwidth, { min: 40, max: 400, message: '标签宽度必须是40到400之间的整数' });
  const labelposition = choice(input, 'labelposition', ['right', 'left', 'top'] as const, current.labelposition, '标签位置只能是left、right或top');
  const labelbg = present('labelbg') ? text(input, 'labelbg', { label: '标签背景色', max: 30 }) : current.labelbg;
  if (labelbg !== '' && !COLOUR.test(labelbg)) throw badRequest('标签背景色格式不正确');
  const isWorkflow = integer(input, 'is_workflow', current.is_workflow, { min: 0, max: 1, message: '是否审批表单只能是0或1' });
  return {
    title,
    category,
    cols,
    labelwidth,
    labelposition,
    labelbg,
    api_add: apiField(input, 'api_add', '新增接口', current.api_add),
    api_edit: apiField(input, 'api_edit', '编辑接口', current.api_edit),
    api_detail: apiField(input, 'api_detail', '详情接口', current.api_detail),
    is_workflow: isWorkflow,
  };
}

/** The stored settings of a form, as the fallbacks of an edit. */
export function settingsOf(form: FormRow): FormSettings {
  const labelposition = form.labelposition === 'left' || form.labelposition === 'top' ? form.labelposition : 'right';
  return {
    title: form.title,
    category: form.category,
    cols: form.cols,
    labelwidth: form.labelwidth,
    labelposition,
    labelbg: form.labelbg,
    api_add: form.api_add,
    api_edit: form.api_edit,
    api_detail: form.api_detail,
    is_workflow: form.is_workflow,
  };
}
