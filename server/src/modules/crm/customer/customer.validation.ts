import { Type, type Static } from '@sinclair/typebox';
import { badRequest } from '../../../http/errors';
import { Fields, Id, Integer, MAX_ID, Nested, OneOf, OneOfNumbers, Paging, RequiredText, Text, Flag } from '../../../http/input-fields';
import { parseShanghaiDateTime } from '../../../lib/time';
import { SCENES } from '../../shared/data-scope';
import { VIEW_KEYS } from './customer-views';
import { LEVELS, SORTS, type AdvancedFilters, type CustomerInput, type CustomerListQuery } from './customer.types';

/** Mobile (1[3-9]xxxxxxxxx, optional +86) or landline (0xx[x]-xxxxxxx[x], optional extension). */
const MOBILE = /^(?:\+?86)?1[3-9]\d{9}$/;
const LANDLINE = /^0\d{2,3}-?\d{7,8}(?:-\d{1,6})?$/;
const PHONE_PATTERN = `^(?:${MOBILE.source.slice(1, -1)}|${LANDLINE.source.slice(1, -1)})$`;

export function isPhoneNumber(value: string): boolean {
  return MOBILE.test(value) || LANDLINE.test(value);
}

const MSG_SOURCE = '请选择客户来源';
export const MSG_BAD_PHONE = '手机号码格式不正确';

/** The customer form's fields (api/customer/CustomerAddEndit, and each row of an imported sheet). */
export const CustomerFields = Fields({
  CustomerName: RequiredText('客户名称', 100),
  contact_name: RequiredText('联系人', 50),
  contact_mobile: RequiredText('手机号码', 30, { pattern: PHONE_PATTERN, messages: { invalid: '手机号码格式不正确' } }),
  LaiYuan: Id('客户来源', { messages: { missing: MSG_SOURCE, invalid: MSG_SOURCE } }),
  level: OneOf('客户级别', ['', ...LEVELS], '', { messages: { invalid: '客户级别只能是A、B或C' } }),
  industry: Text('所属行业', 50),
  address: Text('地址', 200),
  beizhu: Text('备注', 300),
  nextgenjintime: Text('下次跟进时间', 30),
});

/**
 * An imported row of a user to whom 字段权限 hides 联系人 or 手机号码: those may be empty (customer-import
 * requires the ones the user sees).
 */
export const CustomerImportFieldsWithHidden = Fields({
  ...CustomerFields.properties,
  contact_name: Text('联系人', 50),
  contact_mobile: Text('手机号码', 30, { pattern: `^(?:${PHONE_PATTERN.slice(1, -1)})?$`, messages: { invalid: '手机号码格式不正确' } }),
});

/**
 * A number as 字段权限 shows it masked (138****5678): on an edit it stands for the stored number
 * (customer.service `keepMaskedValues`); anywhere else the service refuses it like any bad number.
 */
const MASKED_PHONE = '[0-9+]{1,3}\\*{4}[0-9-]{1,4}';

/**
 * The form, and `id`: 0 (or absent) for a new customer, otherwise the customer to edit. 联系人 and
 * 手机号码 may be absent here: a user to whom 字段权限 hides them has a form without them, so the
 * service requires them only of the others (customer.service `assertRequired`).
 */
export const CustomerSaveInput = Fields({
  ...CustomerFields.properties,
  contact_name: Text('联系人', 50),
  contact_mobile: Text('手机号码', 30, { pattern: `^(?:${PHONE_PATTERN.slice(1, -1)}|${MASKED_PHONE})?$`, messages: { invalid: '手机号码格式不正确' } }),
  id: Integer('客户', { min: 0, max: MAX_ID, fallback: 0 }, { messages: { invalid: '客户ID不正确' } }),
  /** 3: a new lead (线索) rather than a customer. */
  clue: OneOfNumbers('类型', [1, 3], 1, { messages: { invalid: '类型不正确' } }),
});

export function toCustomerInput(input: Static<typeof CustomerFields>): CustomerInput {
  let nextGenjinTime = '';
  if (input.nextgenjintime !== '') {
    const parsed = parseShanghaiDateTime(input.nextgenjintime);
    if (!parsed) throw badRequest('下次跟进时间格式不正确');
    nextGenjinTime = parsed;
  }
  return {
    customerName: input.CustomerName,
    contactName: input.contact_name,
    contactMobile: input.contact_mobile,
    laiYuan: input.LaiYuan,
    level: input.level,
    industry: input.industry,
    address: input.address,
    beizhu: input.beizhu,
    nextGenjinTime,
  };
}

/** The customer lists' query (api/customer/index, and the export of the same list). */
export const CustomerListInput = Fields({
  ...Paging(10),
  key: Text('搜索关键字', 100),
  scene: OneOf('场景', SCENES, 'all', { messages: { invalid: '场景参数不正确' } }),
  sort: OneOf('排序字段', SORTS, 'AddTime', { messages: { invalid: '排序字段不正确' } }),
  order: OneOf('排序方向', ['desc', 'asc'], 'desc', { messages: { invalid: '排序方向不正确' } }),
  gonghai: Flag('公海', 0, { messages: { invalid: '公海参数不正确' } }),
  view: Type.Optional(OneOf('客户列表', VIEW_KEYS, undefined, { messages: { invalid: '客户列表参数不正确' } })),
  /** 公海客户: which pool (0 默认公海). */
  poolId: Type.Optional(Integer('公海', { min: 0, max: MAX_ID }, { messages: { invalid: '公海参数不正确' } })),
  filters: Nested(
    '筛选条件',
    {
      level: OneOf('客户级别', ['', ...LEVELS], '', { messages: { invalid: '客户级别不正确' } }),
      LaiYuan: Type.Optional(Id('客户来源', { messages: { invalid: '客户来源不正确' } })),
      days: Type.Optional(OneOfNumbers('日期筛选', [7, 30, 90], undefined, { messages: { invalid: '日期筛选只能是7、30或90天' } })),
      clue: Type.Optional(OneOfNumbers('成交状态', [1, 2], undefined, { messages: { invalid: '成交状态不正确' } })),
      // The advanced search (keys as the customer form names its fields).
      CustomerName: Text('客户名称', 100),
      contact_name: Text('联系人', 50),
      contact_mobile: Text('手机号码', 30),
      industry: Text('所属行业', 50),
      address: Text('地址', 200),
      BranchID: Type.Optional(Id('部门', { messages: { invalid: '部门不存在' } })),
      // 即将进入公海 and 我关注的.
      soon: Type.Optional(Flag('即将进入公海', undefined, { messages: { invalid: '即将进入公海参数不正确' } })),
      watched: Type.Optional(Flag('我关注的', undefined, { messages: { invalid: '我关注的参数不正确' } })),
    },
    { messages: { invalid: '筛选条件格式不正确' } },
  ),
});

export function toListQuery(input: Static<typeof CustomerListInput>): CustomerListQuery {
  const f = input.filters;
  const advanced: AdvancedFilters = {
    ...(f.CustomerName ? { name: f.CustomerName } : {}),
    ...(f.contact_name ? { contactName: f.contact_name } : {}),
    ...(f.contact_mobile ? { mobile: f.contact_mobile } : {}),
    ...(f.industry ? { industry: f.industry } : {}),
    ...(f.address ? { address: f.address } : {}),
    ...(f.BranchID !== undefined ? { branchId: f.BranchID } : {}),
  };
  return {
    page: input.page,
    rows: input.rows,
    key: input.key,
    scene: input.scene,
    sort: input.sort,
    order: input.order,
    view: input.view ?? (input.gonghai === 1 ? 'total' : 'watched'),
    ...(input.poolId !== undefined ? { poolId: input.poolId } : {}),
    filters: {
      ...(f.soon === 1 ? { soon: true } : {}),
      ...(f.watched === 1 ? { watched: true } : {}),
      ...(f.level !== '' ? { level: f.level } : {}),
      ...(f.LaiYuan !== undefined ? { laiYuan: f.LaiYuan } : {}),
      ...(f.days !== undefined ? { days: f.days } : {}),
      ...(f.clue !== undefined ? { clue: f.clue } : {}),
      ...advanced,
    },
  };
}
