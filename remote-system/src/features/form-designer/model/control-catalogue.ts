/**
 * The designer's palette: the 30 control types of the dynamic form engine (shared-ui CONTROL_TYPES)
 * with their Chinese names, the definition a new field of that type starts from, and which of the
 * spec §3 properties apply to it (the property panel shows only those).
 */
import type { ControlType, FieldDefinition } from '@portal/shared-ui';

export type PropKey =
  | 'field'
  | 'field2'
  | 'required'
  | 'message'
  | 'placeholder'
  | 'disabled'
  | 'readonly'
  | 'column'
  | 'value'
  | 'options'
  | 'url'
  | 'method'
  | 'params'
  | 'parent'
  | 'parentParams'
  | 'loadFilter'
  | 'optionText'
  | 'optionValue'
  | 'remote'
  | 'max'
  | 'multiple'
  | 'multipleLimit'
  | 'rows'
  | 'height'
  | 'active'
  | 'inactive';

export type ControlGroup = '基础' | '选择' | '日期' | '业务' | '上传与富内容' | '布局';

export type ControlSpec = { type: ControlType; label: string; group: ControlGroup; props: PropKey[]; defaults?: Partial<FieldDefinition> };

const VALUE: PropKey[] = ['field', 'required', 'message', 'disabled', 'readonly', 'column'];
const TEXTUAL: PropKey[] = [...VALUE, 'placeholder', 'value'];
const REMOTE: PropKey[] = ['url', 'method', 'params', 'parent', 'parentParams', 'loadFilter', 'optionText', 'optionValue'];
const OPTION_DEFAULTS: Partial<FieldDefinition> = {
  options: [
    { label: '选项1', value: '1' },
    { label: '选项2', value: '2' },
  ],
};

export const CONTROL_CATALOGUE: readonly ControlSpec[] = [
  { type: 'input', label: '单行文本', group: '基础', props: [...TEXTUAL, 'max'], defaults: { max: 100 } },
  { type: 'textarea', label: '多行文本', group: '基础', props: [...TEXTUAL, 'max', 'rows'], defaults: { rows: 3, max: 300 } },
  { type: 'number', label: '数字', group: '基础', props: [...TEXTUAL] },
  { type: 'switch', label: '开关', group: '基础', props: [...VALUE, 'active', 'inactive', 'value'], defaults: { active: '1', inactive: '0' } },
  { type: 'ColorPicker', label: '颜色选择', group: '基础', props: [...VALUE, 'value'] },
  { type: 'select', label: '下拉选择', group: '选择', props: [...TEXTUAL, 'options', 'multiple', 'multipleLimit'], defaults: OPTION_DEFAULTS },
  { type: 'radio', label: '单选', group: '选择', props: [...VALUE, 'options', 'value'], defaults: OPTION_DEFAULTS },
  { type: 'statusSelect', label: '状态选择', group: '选择', props: [...VALUE, 'options', 'value'], defaults: OPTION_DEFAULTS },
  { type: 'tags', label: '标签', group: '选择', props: [...VALUE, 'options'], defaults: OPTION_DEFAULTS },
  {
    type: 'jcselect',
    label: '远程下拉',
    group: '选择',
    props: [...TEXTUAL, 'field2', ...REMOTE, 'multiple', 'multipleLimit', 'remote'],
    defaults: { url: 'api/UserSet/GetLaiyaun', optionText: 'name', optionValue: 'id' },
  },
  { type: 'tree', label: '树形选择', group: '选择', props: [...VALUE, 'field2', 'url', 'params'], defaults: { url: 'api/branch/TreeJson' } },
  { type: 'date', label: '日期', group: '日期', props: [...VALUE, 'placeholder'] },
  { type: 'datetime', label: '日期时间', group: '日期', props: [...VALUE, 'placeholder'] },
  { type: 'daterange', label: '日期范围', group: '日期', props: [...VALUE] },
  { type: 'city', label: '省市', group: '业务', props: [...VALUE] },
  { type: 'county', label: '省市区', group: '业务', props: [...VALUE] },
  { type: 'branch', label: '部门', group: '业务', props: [...VALUE, 'field2', 'url', 'max'], defaults: { url: 'api/branch/TreeJson', max: 1 } },
  { type: 'user', label: '人员', group: '业务', props: [...VALUE, 'field2', 'max'], defaults: { max: 1 } },
  { type: 'users', label: '多人员', group: '业务', props: [...VALUE, 'field2', 'max'], defaults: { max: 5 } },
  {
    type: 'customer',
    label: '客户',
    group: '业务',
    props: [...VALUE, 'field2', 'url', 'params', 'loadFilter', 'optionText', 'optionValue', 'remote'],
    defaults: { url: 'api/customer/index' },
  },
  {
    type: 'contract',
    label: '合同',
    group: '业务',
    props: [...VALUE, 'field2', 'url', 'params', 'loadFilter', 'optionText', 'optionValue', 'remote'],
    defaults: { url: 'api/contract/index', loadFilter: 'rows', optionText: 'orderSn', optionValue: 'id' },
  },
  {
    type: 'product',
    label: '产品明细',
    group: '业务',
    props: [...VALUE, 'url', 'loadFilter'],
    defaults: { url: 'api/product/index', loadFilter: 'data.rows', column: 2 },
  },
  { type: 'userinfo', label: '填写人', group: '业务', props: ['field', 'column'] },
  { type: 'picture', label: '图片', group: '上传与富内容', props: [...VALUE, 'max'], defaults: { max: 9 } },
  { type: 'cover', label: '封面图', group: '上传与富内容', props: [...VALUE] },
  { type: 'file', label: '附件', group: '上传与富内容', props: [...VALUE, 'max'], defaults: { max: 1 } },
  { type: 'editor', label: '富文本', group: '上传与富内容', props: [...VALUE, 'height'], defaults: { height: 360 } },
  { type: 'property', label: '属性列表', group: '上传与富内容', props: [...VALUE] },
  { type: 'tablelist', label: '明细表格', group: '上传与富内容', props: [...VALUE] },
  { type: 'divider', label: '分割线', group: '布局', props: [] },
];

const BY_TYPE = new Map(CONTROL_CATALOGUE.map((c) => [c.type as string, c]));

export function controlSpec(type: string): ControlSpec | undefined {
  return BY_TYPE.get(type);
}

export function controlLabel(type: string): string {
  return BY_TYPE.get(type)?.label ?? type;
}

/** Types whose value is kept in a record (not layout). */
export function holdsValue(type: string): boolean {
  return type !== 'divider';
}
