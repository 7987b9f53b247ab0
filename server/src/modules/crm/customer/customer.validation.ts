import { badRequest } from '../../../http/errors';
import { choice, integer, jsonObject, text, type Input } from '../../../http/input';
import { parseShanghaiDateTime } from '../../../lib/time';
import { SCENES } from '../../shared/data-scope';
import { LEVELS, SORTS, type AdvancedFilters, type CustomerInput, type CustomerListQuery, type Level } from './customer.types';

/** Mobile (1[3-9]xxxxxxxxx, optional +86) or landline (0xx[x]-xxxxxxx[x], optional extension). */
const MOBILE = /^(?:\+?86)?1[3-9]\d{9}$/;
const LANDLINE = /^0\d{2,3}-?\d{7,8}(?:-\d{1,6})?$/;

export function isPhoneNumber(value: string): boolean {
  return MOBILE.test(value) || LANDLINE.test(value);
}

export function parseListQuery(input: Input): CustomerListQuery {
  const page = integer(input, 'page', 1, { min: 1, max: 1_000_000, message: '页码必须是正整数' });
  const rows = integer(input, 'rows', 10, { min: 1, max: 200, message: '每页条数必须是1到200之间的整数' });
  const key = text(input, 'key', { label: '搜索关键字', max: 100 });
  const scene = choice(input, 'scene', SCENES, 'all', '场景参数不正确');
  const sort = choice(input, 'sort', SORTS, 'AddTime', '排序字段不正确');
  const order = choice(input, 'order', ['desc', 'asc'] as const, 'desc', '排序方向不正确');
  const gonghai = integer(input, 'gonghai', 0, { min: 0, max: 1, message: '公海参数不正确' }) as 0 | 1;

  const raw = jsonObject(input, 'filters', '筛选条件格式不正确');
  const filters: CustomerListQuery['filters'] = {};
  const level = choice(raw, 'level', [...LEVELS, ''] as const, '', '客户级别不正确');
  if (level !== '') filters.level = level;
  const laiYuan = integer(raw, 'LaiYuan', undefined, { min: 1, message: '客户来源不正确' });
  if (laiYuan !== undefined) filters.laiYuan = laiYuan;
  const days = integer(raw, 'days', undefined, { min: 1, message: '日期筛选只能是7、30或90天' });
  if (days !== undefined) {
    if (days !== 7 && days !== 30 && days !== 90) throw badRequest('日期筛选只能是7、30或90天');
    filters.days = days;
  }
  const clue = integer(raw, 'clue', undefined, { min: 1, max: 2, message: '成交状态不正确' });
  if (clue !== undefined) filters.clue = clue as 1 | 2;
  Object.assign(filters, parseAdvancedFilters(raw));

  return { page, rows, key, scene, sort, order, filters, gonghai };
}

/** The advanced-search filters (keys as the customer form names its fields); empty values are left out. */
function parseAdvancedFilters(raw: Input): AdvancedFilters {
  const out: AdvancedFilters = {};
  const name = text(raw, 'CustomerName', { label: '客户名称', max: 100 });
  if (name) out.name = name;
  const contactName = text(raw, 'contact_name', { label: '联系人', max: 50 });
  if (contactName) out.contactName = contactName;
  const mobile = text(raw, 'contact_mobile', { label: '手机号码', max: 30 });
  if (mobile) out.mobile = mobile;
  const industry = text(raw, 'industry', { label: '所属行业', max: 50 });
  if (industry) out.industry = industry;
  const address = text(raw, 'address', { label: '地址', max: 200 });
  if (address) out.address = address;
  const branchId = integer(raw, 'BranchID', undefined, { min: 1, message: '部门不存在' });
  if (branchId !== undefined) out.branchId = branchId;
  return out;
}

/** `id`: 0 (or '0') for a new customer, otherwise the customer to edit. */
export function parseCustomerId(input: Input): number {
  const id = integer(input, 'id', 0, { min: 0, message: '客户ID不正确' });
  return id;
}

export function parseCustomerInput(input: Input): CustomerInput {
  const customerName = text(input, 'CustomerName', { label: '客户名称', required: true, max: 100 });
  const contactName = text(input, 'contact_name', { label: '联系人', required: true, max: 50 });
  const contactMobile = text(input, 'contact_mobile', { label: '手机号码', required: true, max: 30 });
  if (!isPhoneNumber(contactMobile)) throw badRequest('手机号码格式不正确');
  const laiYuan = integer(input, 'LaiYuan', undefined, { min: 1, message: '请选择客户来源' });
  if (laiYuan === undefined) throw badRequest('请选择客户来源');
  const level = choice(input, 'level', [...LEVELS, ''] as const, '', '客户级别只能是A、B或C') as Level | '';
  const industry = text(input, 'industry', { label: '所属行业', max: 50 });
  const address = text(input, 'address', { label: '地址', max: 200 });
  const beizhu = text(input, 'beizhu', { label: '备注', max: 300 });
  const nextText = text(input, 'nextgenjintime', { label: '下次跟进时间', max: 30 });
  let nextGenjinTime = '';
  if (nextText !== '') {
    const parsed = parseShanghaiDateTime(nextText);
    if (!parsed) throw badRequest('下次跟进时间格式不正确');
    nextGenjinTime = parsed;
  }
  return { customerName, contactName, contactMobile, laiYuan, level, industry, address, beizhu, nextGenjinTime };
}
