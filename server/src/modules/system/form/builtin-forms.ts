import type { FieldDefinition } from './field-definition';

/** A form every installation starts with (reference data, seeded by `seedReferenceData`). */
export type BuiltinForm = {
  mode: string;
  title: string;
  category: string;
  cols: number;
  isWorkflow: boolean;
  apiAdd: string;
  apiEdit: string;
  apiDetail: string;
  fields: FieldDefinition[];
};

/** The generic record endpoints (module-record routes) used by forms without their own table. */
export const MODULE_API = { add: 'api/module/add', edit: 'api/module/Edit', detail: 'api/module/detail' } as const;

const CATEGORY_CRM = '客户管理';
const CATEGORY_OA = '办公协同';
const CATEGORY_FINANCE = '财务管理';
const CATEGORY_PRODUCT = '产品管理';
const CATEGORY_DEMO = '系统示例';

const LEAD_SOURCE: FieldDefinition = {
  type: 'jcselect',
  field: 'LaiYuan',
  title: '客户来源',
  required: true,
  url: 'api/UserSet/GetLaiyaun',
  optionText: 'name',
  optionValue: 'id',
  placeholder: '请选择',
};

/** The customer form: the fields of api/customer/CustomerAddEndit (customer.validation.ts). */
function customerFields(nameTitle: string): FieldDefinition[] {
  return [
    { type: 'input', field: 'CustomerName', title: nameTitle, required: true, max: 100, placeholder: `请输入${nameTitle}` },
    { type: 'input', field: 'contact_name', title: '联系人', required: true, max: 50, placeholder: '请输入联系人' },
    { type: 'input', field: 'contact_mobile', title: '手机号码', required: true, max: 30, placeholder: '请输入手机号码' },
    LEAD_SOURCE,
    {
      type: 'select',
      field: 'level',
      title: '客户级别',
      options: [
        { label: 'A', value: 'A' },
        { label: 'B', value: 'B' },
        { label: 'C', value: 'C' },
      ],
      placeholder: '请选择',
    },
    { type: 'input', field: 'industry', title: '所属行业', max: 50, placeholder: '请输入所属行业' },
    { type: 'input', field: 'address', title: '地址', max: 200, column: 2, placeholder: '请输入地址' },
    { type: 'datetime', field: 'nextgenjintime', title: '下次跟进时间' },
    { type: 'textarea', field: 'beizhu', title: '备注', max: 300, rows: 3, column: 2, placeholder: '请输入备注' },
  ];
}

/** A 项目 claim (报销类型 3) names its project (expense.service requires it); the other types hide the field. */
export const EXPENSE_PROJECT_FIELD: FieldDefinition = {
  type: 'input',
  field: 'project',
  title: '项目名称',
  max: 100,
  placeholder: '请输入项目名称',
  linkage: [
    { when: 'type', values: ['3'], effect: 'show' },
    { when: 'type', values: ['3'], effect: 'require' },
  ],
};

/** The claim's lines: date, 内容 and 金额 per row, adding up to 报销金额. */
export const EXPENSE_LINES_FIELD: FieldDefinition = { type: 'tablelist', field: 'items', title: '费用明细', column: 2, totalField: 'Money' };

const GRADE_OPTIONS = [
  { label: '普通', value: '1' },
  { label: '重要', value: '2' },
  { label: '紧急', value: '3' },
];

/** One field of every control type, with realistic sources: the form designer's and the engine's showcase. */
export const FIELD_DEMO_FIELDS: FieldDefinition[] = [
  { type: 'divider', field: 'section_basic', title: '基本信息' },
  { type: 'userinfo', field: 'applicant', title: '填写人' },
  { type: 'input', field: 'subject', title: '标题', required: true, max: 100, placeholder: '请输入标题' },
  { type: 'number', field: 'amount', title: '金额', required: true, placeholder: '请输入金额' },
  { type: 'ColorPicker', field: 'color', title: '标记颜色', value: '#1677ff' },
  { type: 'select', field: 'grade', title: '重要程度', required: true, options: GRADE_OPTIONS, placeholder: '请选择' },
  {
    type: 'statusSelect',
    field: 'progress',
    title: '处理状态',
    value: '0',
    options: [
      { label: '待处理', value: '0' },
      { label: '处理中', value: '1' },
      { label: '已完成', value: '2' },
    ],
  },
  { ...LEAD_SOURCE, field: 'laiyuan', title: '来源渠道' },
  {
    type: 'radio',
    field: 'sex',
    title: '性别',
    options: [
      { label: '男', value: '男' },
      { label: '女', value: '女' },
    ],
    value: '男',
  },
  { type: 'date', field: 'riqi', title: '日期', required: true },
  { type: 'datetime', field: 'remind_time', title: '提醒时间' },
  { type: 'daterange', field: 'period', title: '起止日期' },
  { type: 'switch', field: 'enabled', title: '是否启用', required: true, active: '1', inactive: '0', value: '1' },
  { type: 'textarea', field: 'remark', title: '备注', max: 300, rows: 3, column: 2, placeholder: '请输入备注' },
  { type: 'city', field: 'city', title: '所在城市' },
  { type: 'county', field: 'county', title: '所在地区' },
  { type: 'branch', field: 'branch_ids', field2: 'branch_names', title: '所属部门', url: 'api/branch/TreeJson', max: 2 },
  {
    type: 'contract',
    field: 'contract_id',
    field2: 'contract_name',
    title: '关联合同',
    url: 'api/contract/index',
    params: '{"dataType":"all"}',
    loadFilter: 'rows',
    optionText: 'orderSn',
    optionValue: 'id',
    remote: true,
  },
  { type: 'customer', field: 'customer_id', field2: 'customer_name', title: '关联客户', required: true, url: 'api/customer/index' },
  { type: 'user', field: 'owner_id', field2: 'owner_name', title: '负责人', required: true, max: 1 },
  { type: 'users', field: 'member_ids', field2: 'members', title: '参与人', max: 3 },
  { type: 'product', field: 'products', title: '产品明细', required: true, url: 'api/product/index', loadFilter: 'data.rows', column: 2 },
  { type: 'picture', field: 'pictures', title: '现场图片', max: 9, column: 2 },
  { type: 'cover', field: 'cover', title: '封面图' },
  { type: 'file', field: 'attachments', title: '附件', max: 1, column: 2 },
  { type: 'editor', field: 'content', title: '详细说明', height: 360, column: 2 },
  { type: 'property', field: 'props', title: '扩展属性', column: 2 },
  {
    type: 'tags',
    field: 'tags',
    title: '标签',
    options: [
      { label: '重点客户', value: '重点客户' },
      { label: '老客户', value: '老客户' },
      { label: '待回访', value: '待回访' },
      { label: '已报价', value: '已报价' },
    ],
  },
  { type: 'tree', field: 'dept_id', field2: 'dept_name', title: '所属分类', url: 'api/branch/TreeJson' },
  { type: 'tablelist', field: 'schedule_rows', title: '行程安排', column: 2 },
];

export const BUILTIN_FORMS: BuiltinForm[] = [
  {
    mode: 'customer',
    title: '客户',
    category: CATEGORY_CRM,
    cols: 2,
    isWorkflow: false,
    apiAdd: 'api/customer/CustomerAddEndit',
    apiEdit: 'api/customer/CustomerAddEndit',
    apiDetail: 'api/customer/Views',
    fields: customerFields('客户名称'),
  },
  {
    mode: 'clue',
    title: '线索',
    category: CATEGORY_CRM,
    cols: 2,
    isWorkflow: false,
    apiAdd: 'api/customer/CustomerAddEndit',
    apiEdit: 'api/customer/CustomerAddEndit',
    apiDetail: 'api/customer/Views',
    fields: customerFields('公司名称'),
  },
  {
    mode: 'contact',
    title: '联系人',
    category: CATEGORY_CRM,
    cols: 2,
    isWorkflow: false,
    apiAdd: 'api/contact/add',
    apiEdit: 'api/contact/Edit',
    apiDetail: 'api/contact/Views',
    fields: [
      { type: 'customer', field: 'customerId', field2: 'customerName', title: '所属客户', required: true, url: 'api/customer/index' },
      { type: 'input', field: 'contactName', title: '姓名', required: true, max: 50, placeholder: '请输入姓名' },
      { type: 'input', field: 'mobile', title: '手机号码', required: true, max: 30, placeholder: '请输入手机号码' },
      {
        type: 'radio',
        field: 'sex',
        title: '性别',
        options: [
          { label: '男', value: '男' },
          { label: '女', value: '女' },
        ],
      },
      { type: 'input', field: 'zhiwei', title: '职位', max: 50, placeholder: '请输入职位' },
      { type: 'input', field: 'wechat', title: '微信', max: 50, placeholder: '请输入微信号' },
      { type: 'input', field: 'qq', title: 'QQ', max: 20, placeholder: '请输入QQ号' },
    ],
  },
  {
    mode: 'contract',
    title: '合同',
    category: CATEGORY_CRM,
    cols: 2,
    isWorkflow: true,
    apiAdd: 'api/contract/add',
    apiEdit: 'api/contract/edit',
    apiDetail: 'api/contract/Views',
    fields: [
      { type: 'input', field: 'title', title: '合同名称', required: true, max: 100, placeholder: '请输入合同名称' },
      { type: 'input', field: 'orderSn', title: '合同编号', max: 30, placeholder: '留空则自动生成' },
      { type: 'customer', field: 'customerId', field2: 'customerName', title: '签约客户', required: true, url: 'api/customer/index' },
      { type: 'number', field: 'Money', title: '合同金额', required: true, placeholder: '请输入合同金额' },
      { type: 'date', field: 'signDate', title: '签约日期', required: true },
      { type: 'daterange', field: 'period', title: '合同期限' },
      { type: 'user', field: 'ownerId', field2: 'ownerName', title: '负责人', required: true, max: 1 },
      { type: 'product', field: 'products', title: '产品明细', required: true, url: 'api/product/index', loadFilter: 'data.rows', column: 2 },
      { type: 'file', field: 'files', title: '合同附件', max: 5, column: 2 },
      { type: 'textarea', field: 'beizhu', title: '备注', max: 300, rows: 3, column: 2 },
    ],
  },
  {
    mode: 'intake',
    title: '进件',
    category: CATEGORY_CRM,
    cols: 2,
    isWorkflow: true,
    apiAdd: 'api/customer/EntryAudit',
    apiEdit: 'api/customer/EntryAudit',
    apiDetail: 'api/customer/EntryAuditdetail',
    fields: [
      { type: 'customer', field: 'customerId', field2: 'customerName', title: '客户', required: true, url: 'api/customer/index' },
      // The chosen customer's contracts only (the server refuses another's: intake.service.ts); cleared
      // when the customer changes. Migration 048 brings older installations' intake form in line.
      {
        type: 'contract',
        field: 'contractId',
        field2: 'contractName',
        title: '关联合同',
        url: 'api/contract/index',
        params: '{"dataType":"all"}',
        loadFilter: 'rows',
        optionText: 'orderSn',
        optionValue: 'id',
        parent: 'customerId',
        parentParams: '{"customerId":"$parent"}',
      },
      { type: 'number', field: 'Money', title: '进件金额', required: true },
      { type: 'date', field: 'riqi', title: '进件日期', required: true },
      { type: 'file', field: 'files', title: '进件资料', required: true, message: '请上传进件资料', max: 10, column: 2 },
      { type: 'textarea', field: 'beizhu', title: '备注', max: 300, rows: 3, column: 2 },
    ],
  },
  {
    mode: 'product',
    title: '产品',
    category: CATEGORY_PRODUCT,
    cols: 2,
    isWorkflow: false,
    apiAdd: 'api/product/add',
    apiEdit: 'api/product/edit',
    apiDetail: 'api/product/detail',
    fields: [
      { type: 'input', field: 'name', title: '产品名称', required: true, max: 100, placeholder: '请输入产品名称' },
      { type: 'input', field: 'number', title: '产品编号', required: true, max: 50, placeholder: '请输入产品编号' },
      { type: 'input', field: 'standard', title: '规格', max: 100 },
      { type: 'input', field: 'unit', title: '单位', max: 20, placeholder: '如：台、套、件' },
      { type: 'number', field: 'price', title: '售价', required: true },
      { type: 'number', field: 'costPrice', title: '成本价' },
      { type: 'input', field: 'shuihao', title: '税收编码', max: 30 },
      { type: 'number', field: 'shuilv', title: '税率(%)', value: 13 },
      { type: 'cover', field: 'cover', title: '产品图片' },
    ],
  },
  {
    mode: 'baoxiao',
    title: '费用报销',
    category: CATEGORY_FINANCE,
    cols: 2,
    isWorkflow: true,
    apiAdd: 'api/baoxiao/add',
    apiEdit: 'api/baoxiao/edit',
    apiDetail: 'api/baoxiao/Views',
    fields: [
      {
        type: 'radio',
        field: 'type',
        title: '报销类型',
        required: true,
        value: '1',
        options: [
          { label: '个人', value: '1' },
          { label: '部门', value: '2' },
          { label: '项目', value: '3' },
        ],
      },
      EXPENSE_PROJECT_FIELD,
      { type: 'input', field: 'title', title: '报销事由', required: true, max: 100, placeholder: '请输入报销事由' },
      { type: 'number', field: 'Money', title: '报销金额', required: true },
      { type: 'date', field: 'riqi', title: '发生日期', required: true },
      { type: 'branch', field: 'branchId', field2: 'branchName', title: '费用部门', url: 'api/branch/TreeJson', max: 1 },
      EXPENSE_LINES_FIELD,
      { type: 'picture', field: 'pictures', title: '票据照片', required: true, max: 9, column: 2 },
      { type: 'textarea', field: 'beizhu', title: '备注', max: 300, rows: 3, column: 2 },
    ],
  },
  {
    mode: 'finance',
    title: '收支记录',
    category: CATEGORY_FINANCE,
    cols: 2,
    isWorkflow: false,
    apiAdd: 'api/finance/add',
    apiEdit: 'api/finance/edit',
    apiDetail: 'api/finance/detail',
    fields: [
      {
        type: 'radio',
        field: 'type',
        title: '收支类型',
        required: true,
        value: '1',
        options: [
          { label: '收入', value: '1' },
          { label: '支出', value: '2' },
        ],
      },
      { type: 'number', field: 'Money', title: '金额', required: true },
      {
        type: 'jcselect',
        field: 'accountId',
        title: '结算账户',
        required: true,
        url: 'api/Account/Index',
        loadFilter: 'rows',
        optionText: 'name',
        optionValue: 'id',
      },
      { type: 'date', field: 'riqi', title: '日期', required: true },
      { type: 'customer', field: 'customerId', field2: 'customerName', title: '往来客户', url: 'api/customer/index' },
      { type: 'file', field: 'files', title: '凭证附件', max: 5, column: 2 },
      { type: 'textarea', field: 'beizhu', title: '备注', max: 300, rows: 3, column: 2 },
    ],
  },
  {
    mode: 'payment',
    title: '回款',
    category: CATEGORY_FINANCE,
    cols: 2,
    isWorkflow: false,
    apiAdd: 'api/payment/add',
    apiEdit: 'api/payment/edit',
    apiDetail: 'api/payment/detail',
    fields: [
      {
        type: 'contract',
        field: 'contractId',
        field2: 'contractName',
        title: '回款合同',
        required: true,
        url: 'api/contract/index',
        params: '{"dataType":"all"}',
        loadFilter: 'rows',
        optionText: 'orderSn',
        optionValue: 'id',
      },
      { type: 'number', field: 'Money', title: '回款金额', required: true },
      { type: 'date', field: 'riqi', title: '回款日期', required: true },
      {
        type: 'select',
        field: 'payType',
        title: '付款方式',
        required: true,
        options: [
          { label: '银行转账', value: '1' },
          { label: '现金', value: '2' },
          { label: '支票', value: '3' },
          { label: '微信', value: '4' },
          { label: '支付宝', value: '5' },
        ],
      },
      { type: 'textarea', field: 'beizhu', title: '备注', max: 300, rows: 3, column: 2 },
    ],
  },
  {
    mode: 'task',
    title: '任务',
    category: CATEGORY_OA,
    cols: 2,
    isWorkflow: false,
    apiAdd: 'api/task/add',
    apiEdit: 'api/task/edit',
    apiDetail: 'api/task/detail',
    fields: [
      { type: 'input', field: 'title', title: '任务标题', required: true, max: 100, column: 2, placeholder: '请输入任务标题' },
      { type: 'user', field: 'userid', field2: 'username', title: '负责人', required: true, max: 1 },
      { type: 'datetime', field: 'endTime', title: '截止时间', required: true },
      { type: 'select', field: 'grade', title: '优先级', required: true, value: '1', options: GRADE_OPTIONS },
      { type: 'textarea', field: 'cont', title: '任务内容', required: true, max: 300, rows: 4, column: 2 },
    ],
  },
  {
    mode: 'news',
    title: '公告',
    category: CATEGORY_OA,
    cols: 1,
    isWorkflow: false,
    apiAdd: 'api/news/add',
    apiEdit: 'api/news/edit',
    apiDetail: 'api/news/detail',
    fields: [
      { type: 'input', field: 'title', title: '公告标题', required: true, max: 100, placeholder: '请输入公告标题' },
      { type: 'cover', field: 'cover', title: '封面图' },
      { type: 'editor', field: 'cont', title: '公告内容', required: true, height: 360 },
    ],
  },
  {
    mode: 'schedule',
    title: '日程',
    category: CATEGORY_OA,
    cols: 2,
    isWorkflow: false,
    apiAdd: 'api/schedule/add',
    apiEdit: 'api/schedule/edit',
    apiDetail: 'api/schedule/detail',
    fields: [
      { type: 'input', field: 'title', title: '日程主题', required: true, max: 100, column: 2, placeholder: '请输入日程主题' },
      { type: 'datetime', field: 'startTime', title: '开始时间', required: true },
      { type: 'datetime', field: 'endTime', title: '结束时间', required: true, notBefore: 'startTime' },
      {
        type: 'select',
        field: 'remind',
        title: '提醒',
        value: '0',
        options: [
          { label: '不提醒', value: '0' },
          { label: '提前15分钟', value: '15' },
          { label: '提前1小时', value: '60' },
          { label: '提前1天', value: '1440' },
        ],
      },
      { type: 'users', field: 'userids', field2: 'users', title: '参与人', max: 20 },
      { type: 'textarea', field: 'cont', title: '日程内容', max: 300, rows: 3, column: 2 },
    ],
  },
  {
    mode: 'fieldDemo',
    title: '自定义表单示例',
    category: CATEGORY_DEMO,
    cols: 2,
    isWorkflow: false,
    apiAdd: MODULE_API.add,
    apiEdit: MODULE_API.edit,
    apiDetail: MODULE_API.detail,
    fields: FIELD_DEMO_FIELDS,
  },
];
