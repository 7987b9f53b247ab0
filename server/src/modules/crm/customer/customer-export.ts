/**
 * Batch export of customers (更多 → 批量导出): the current filter of `api/customer/index` (scope,
 * scene, filters, key, sort) written to .xlsx in the background. Pages are read by keyset on the sort
 * column and id, so page 100 costs what page 1 costs, and each page's names come in one joined query.
 */
import type { AppContext } from '../../../app-context';
import { shanghaiDateStamp } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import type { ExportSource } from '../../shared/batch/export-jobs';
import type { CellValue } from '../../shared/batch/xlsx-write';
import { loadBranchIndex } from '../../system/branch/branch-index';
import { exactFields, searchCondition } from './customer-search';
import { departedStaff, filteredCustomers } from './customer-list.service';
import { customerRows, toRow } from './customer.service';
import { applyRules, rulesFor } from '../../system/field-mask/field-mask';
import { poolRules } from '../pool/pool-rules';
import { ownerRules, poolScope } from '../pool/public-pools';
import { SORT_COLUMNS, type CustomerListQuery, type CustomerRow } from './customer.types';

const EXPORT_PAGE = 1000;

/** `field`: the CustomerRow field a 字段权限 rule names (a hidden field's column is left out). */
const COLUMNS: { title: string; field?: keyof CustomerRow; value: (r: CustomerRow) => CellValue }[] = [
  { title: '客户编号', value: (r) => r.code },
  { title: '客户名称', field: 'CustomerName', value: (r) => r.CustomerName },
  { title: '联系人', field: 'contact_name', value: (r) => r.contact_name },
  { title: '手机号码', field: 'contact_mobile', value: (r) => r.contact_mobile },
  { title: '客户来源', value: (r) => r.LaiYuanName },
  { title: '客户级别', field: 'level', value: (r) => r.level },
  { title: '所属行业', field: 'industry', value: (r) => r.industry },
  { title: '地址', field: 'address', value: (r) => r.address },
  { title: '负责人', value: (r) => r.UserName },
  { title: '所属部门', value: (r) => r.BranchName },
  { title: '成交状态', value: (r) => (r.clue === 2 ? '已成交' : '未成交') },
  { title: '创建时间', value: (r) => r.AddTime },
  { title: '最后跟进时间', value: (r) => r.genjinTime },
  { title: '下次跟进时间', value: (r) => r.nextgenjintime },
  { title: '备注', field: 'beizhu', value: (r) => r.beizhu },
];

export const CUSTOMER_EXPORT_HEADERS = COLUMNS.map((c) => c.title);

/** The export of the customers `q` selects for `actor` (page and rows of `q` are ignored). */
export async function customerExportSource(ctx: AppContext, actor: Actor, q: CustomerListQuery): Promise<ExportSource> {
  const branches = await loadBranchIndex(ctx.db);
  const rules = await poolRules(ctx.db);
  const masks = await rulesFor(ctx.db, actor, 'customer');
  let base = filteredCustomers(
    ctx,
    actor,
    q,
    branches,
    rules,
    await departedStaff(ctx.db, q.view),
    await poolScope(ctx.db, actor, q, branches),
    await ownerRules(ctx.db, rules),
    masks,
  );
  if (q.key) base = base.where(searchCondition(ctx.dialect, q.key, 'drive', exactFields(masks)));
  const columns = COLUMNS.filter((c) => !c.field || masks.get(c.field) !== 'hidden');
  const sortColumn = SORT_COLUMNS[q.sort];
  const before = q.order === 'desc' ? '<' : '>';

  return {
    sheetName: '客户',
    downloadName: `客户导出-${shanghaiDateStamp(ctx.clock())}.xlsx`,
    headers: columns.map((c) => c.title),
    count: async () => Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
    write: async (addRow, progress) => {
      let last: { sort: string; id: number } | undefined;
      let done = 0;
      for (;;) {
        let page = base.select(['c.id', `${sortColumn} as sort_value`]);
        if (last) {
          const { sort, id } = last;
          page = page.where((eb) => eb.or([eb(sortColumn, before, sort), eb.and([eb(sortColumn, '=', sort), eb('c.id', before, id)])]));
        }
        const keys = await page.orderBy(sortColumn, q.order).orderBy('c.id', q.order).limit(EXPORT_PAGE).execute();
        if (keys.length === 0) return;
        const ids = keys.map((k) => k.id);
        const rows = await customerRows(ctx.db).where('c.id', 'in', ids).execute();
        const byId = new Map(rows.map((r) => [r.id, applyRules(toRow(r), masks, 'customer')]));
        for (const id of ids) {
          const row = byId.get(id);
          if (row) addRow(columns.map((c) => c.value(row)));
        }
        done += keys.length;
        progress(done);
        const tail = keys[keys.length - 1];
        last = { sort: String(tail.sort_value), id: tail.id };
        if (keys.length < EXPORT_PAGE) return;
      }
    },
  };
}
