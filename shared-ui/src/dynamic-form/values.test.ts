import { CONTROL_TYPES, type FieldDefinition, type FormDefinition } from './types';
import { defaultValues, fromDetailValues, toSubmitValues } from './values';

const field = (type: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({ type, field: `f_${type}`, title: type, ...extra });

/** One in-form value of every control type (contract "In-form value shapes"). */
const samples: Record<string, { field: FieldDefinition; value: unknown; extra?: Record<string, unknown> }> = {
  divider: { field: field('divider'), value: undefined },
  userinfo: { field: field('userinfo'), value: 7 },
  input: { field: field('input'), value: '华信科技' },
  number: { field: field('number'), value: 12.5 },
  ColorPicker: { field: field('ColorPicker'), value: '#1677ff' },
  select: { field: field('select'), value: 2 },
  statusSelect: { field: field('statusSelect'), value: 5 },
  jcselect: { field: field('jcselect', { multiple: true }), value: '3,4' },
  radio: { field: field('radio'), value: '1' },
  date: { field: field('date'), value: '2024-05-01' },
  datetime: { field: field('datetime'), value: '2024-05-01 09:30' },
  daterange: { field: field('daterange'), value: ['2024/05/01 00:00:00', '2024/05/31 23:59:59'] },
  switch: { field: field('switch'), value: '1' },
  textarea: { field: field('textarea'), value: '第一行\n第二行，含逗号' },
  city: { field: field('city'), value: [11, 1101] },
  county: { field: field('county'), value: [11, 1101, 110101] },
  branch: { field: field('branch', { field2: 'f_branch_names' }), value: '2,3', extra: { f_branch_names: '销售部,市场部' } },
  contract: { field: field('contract', { field2: 'f_contract_sn' }), value: 9, extra: { f_contract_sn: 'HT-009' } },
  customer: { field: field('customer', { field2: 'f_customer_name' }), value: 12, extra: { f_customer_name: '华信' } },
  user: { field: field('user', { field2: 'f_user_name' }), value: 3, extra: { f_user_name: '张三' } },
  users: {
    field: field('users', { field2: 'f_users_list' }),
    value: '3,4',
    extra: {
      f_users_list: [
        { userid: 3, username: '张三', header: '' },
        { userid: 4, username: '李四', header: '/h.png' },
      ],
    },
  },
  product: {
    field: field('product'),
    value: [
      {
        id: 1,
        productid: 8,
        title: '打印机',
        standard: 'A4',
        number: 2,
        price: 800,
        sellingprice: 1000,
        xinghao: 'X1',
        unit: '台',
        danwei: '台',
        shuihao: '',
        xiaoji: 2000,
        warehousename: '默认仓库',
        warehouseid: 0,
      },
    ],
  },
  picture: { field: field('picture'), value: [{ id: 4, url: '/files/a.png', filename: 'a.png' }] },
  cover: { field: field('cover'), value: '/files/cover.png' },
  file: {
    field: field('file'),
    value: [{ id: 5, FileName: '合同.pdf', url: '/files/b.pdf', format: 'pdf', size: 12.3, userid: 1, username: '管理员', addTime: '2024-05-01 10:00' }],
  },
  editor: { field: field('editor'), value: '<p>正文<strong>加粗</strong></p>' },
  property: {
    field: field('property'),
    value: [
      { label: '颜色', value: '红' },
      { label: '尺寸', value: 'L' },
    ],
  },
  tags: { field: field('tags'), value: 'a,c' },
  tree: { field: field('tree', { field2: 'f_tree_text' }), value: 6, extra: { f_tree_text: '华东区' } },
  tablelist: {
    field: field('tablelist'),
    value: [
      { riqi: '2024-05-01', ext: '首付' },
      { riqi: '2024-06-01', ext: '尾款' },
    ],
  },
};

function definitionOf(fields: FieldDefinition[]): FormDefinition {
  return {
    cols: 2,
    items: fields.map((f) => ({ json: JSON.stringify(f) })),
    api_add: 'api/module/add',
    api_edit: 'api/module/Edit',
    api_detail: 'api/module/detail',
  };
}

describe('toSubmitValues / fromDetailValues', () => {
  it('has a sample for every control type', () => {
    expect(Object.keys(samples).sort()).toEqual([...CONTROL_TYPES].sort());
  });

  it.each(Object.keys(samples))('round-trips a %s value through the stored form', (type) => {
    const { field: f, value, extra = {} } = samples[type];
    const definition = definitionOf([f]);
    const inForm = value === undefined ? { ...extra } : { [f.field]: value, ...extra };
    const submitted = toSubmitValues(definition, inForm);
    // The stored record travels as JSON text (api/module/add `data`) and comes back as sent.
    const stored = JSON.parse(JSON.stringify(submitted));
    expect(fromDetailValues(definition, stored)).toEqual(inForm);
    expect(toSubmitValues(definition, fromDetailValues(definition, stored))).toEqual(submitted);
  });

  it('sends list-type values as JSON strings, ranges and multiple choices comma-joined', () => {
    const fields = [samples.product.field, samples.city.field, samples.daterange.field, field('select', { multiple: true }), samples.input.field];
    const submitted = toSubmitValues(fields, {
      f_product: samples.product.value,
      f_city: [11, 1101],
      f_daterange: samples.daterange.value,
      f_select: [1, 2],
      f_input: '华信',
    });
    expect(submitted.f_product).toBe(JSON.stringify(samples.product.value));
    expect(submitted.f_city).toBe('[11,1101]');
    expect(submitted.f_daterange).toBe('2024/05/01 00:00:00,2024/05/31 23:59:59');
    expect(submitted.f_select).toBe('1,2');
    expect(submitted.f_input).toBe('华信');
  });

  it('reads empty stored lists as no value and numbers stored as text as numbers', () => {
    const fields = [samples.file.field, samples.daterange.field, samples.number.field];
    expect(fromDetailValues(fields, { f_file: '', f_daterange: '', f_number: '42' })).toEqual({ f_file: undefined, f_daterange: undefined, f_number: 42 });
    expect(toSubmitValues(fields, { f_file: undefined })).toEqual({ f_file: '' });
  });

  it('keeps keys that no field names (companions, ids)', () => {
    expect(fromDetailValues([samples.input.field], { f_input: 'x', id: 3 })).toEqual({ f_input: 'x', id: 3 });
  });
});

describe('defaultValues', () => {
  it('starts userinfo as the current user, a switch off and others at their configured value', () => {
    const fields = [
      field('userinfo', { field2: 'f_userinfo_name' }),
      field('switch', { active: 'yes', inactive: 'no' }),
      field('input', { value: '默认' }),
      field('property', { value: '[{"label":"a","value":"b"}]' }),
      field('date'),
      { type: 'userinfo', field: 'creator', title: '录入人' },
    ];
    expect(defaultValues(fields, { userId: 7, userName: '管理员' })).toEqual({
      f_userinfo: 7,
      f_userinfo_name: '管理员',
      f_switch: 'no',
      f_input: '默认',
      f_property: [{ label: 'a', value: 'b' }],
      creator: 7,
      creator_name: '管理员',
    });
  });
});
