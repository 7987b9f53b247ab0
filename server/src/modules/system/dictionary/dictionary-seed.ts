import type { DbOrTx } from '../../../db/database';
import { INDUSTRIES } from '../../../db/seed/chinese-data';

/** A built-in dictionary: its code (what `statusSelect` fields name in `params.types`), name and values. */
export type BuiltinDictionary = { code: string; name: string; values: { label: string; value?: string; colour?: string }[] };

/** The dictionaries the product uses. Values default to their label; colours are antd tag colours. */
export const BUILTIN_DICTIONARIES: readonly BuiltinDictionary[] = [
  {
    code: 'kehu_level',
    name: '客户级别',
    values: [
      { label: 'A', colour: 'red' },
      { label: 'B', colour: 'orange' },
      { label: 'C', colour: 'blue' },
      { label: 'D', colour: 'default' },
    ],
  },
  { code: 'kehu_industry', name: '客户行业', values: INDUSTRIES.map((i) => ({ label: i.name })) },
  { code: 'kehu_source', name: '客户来源', values: ['电话营销', '网络推广', '客户介绍', '展会', '自主开发', '其他'].map((label) => ({ label })) },
  {
    code: 'followup_status',
    name: '跟进状态',
    values: [
      { label: '初次接触', colour: 'default' },
      { label: '需求确认', colour: 'blue' },
      { label: '方案报价', colour: 'cyan' },
      { label: '商务谈判', colour: 'orange' },
      { label: '成交', colour: 'green' },
      { label: '搁置', colour: 'red' },
    ],
  },
  { code: 'contract_type', name: '合同类型', values: ['销售合同', '服务合同', '框架协议', '代理合同', '其他'].map((label) => ({ label })) },
  { code: 'payment_method', name: '回款方式', values: ['银行转账', '支付宝', '微信支付', '现金', '承兑汇票', '其他'].map((label) => ({ label })) },
  {
    code: 'expense_type',
    name: '费用类型',
    values: ['差旅费', '交通费', '住宿费', '餐饮招待', '办公用品', '通讯费', '培训费', '其他'].map((label) => ({ label })),
  },
  { code: 'product_category', name: '产品分类', values: ['软件', '硬件', '服务', '耗材'].map((label) => ({ label })) },
  { code: 'visit_purpose', name: '拜访目的', values: ['商务洽谈', '产品演示', '售后服务', '面试', '参观', '其他'].map((label) => ({ label })) },
  { code: 'lead_close_reason', name: '线索关闭原因', values: ['无效信息', '无需求', '已有供应商', '联系不上', '其他'].map((label) => ({ label })) },
  { code: 'pool_reason', name: '放入公海原因', values: ['长期未跟进', '客户无意向', '联系不上', '工作调整', '其他'].map((label) => ({ label })) },
];

/**
 * Adds each built-in dictionary whose type is missing, with its values (reference data, run on every
 * start; an administrator's edits to an existing type are kept). Conflicts are ignored so that several
 * server processes may start at once.
 */
export async function seedDictionaries(db: DbOrTx): Promise<void> {
  const existing = new Set((await db.selectFrom('dict_types').select('code').execute()).map((t) => t.code));
  let typeOrder = 0;
  for (const dict of BUILTIN_DICTIONARIES) {
    typeOrder++;
    if (existing.has(dict.code)) continue;
    const added = await db
      .insertInto('dict_types')
      .values({ code: dict.code, name: dict.name, sort_order: typeOrder, built_in: 1 })
      .onConflict((oc) => oc.column('code').doNothing())
      .executeTakeFirst();
    if (Number(added.numInsertedOrUpdatedRows ?? 0) === 0) continue;
    await db
      .insertInto('dict_values')
      .values(
        dict.values.map((v, i) => ({ type_code: dict.code, label: v.label, value: v.value ?? v.label, colour: v.colour ?? '', sort_order: i, enabled: 1 })),
      )
      .execute();
  }
}
