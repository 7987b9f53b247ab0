import { sql, type SqlBool } from 'kysely';
import type { AppContext } from '../../../app-context';
import type { DbOrTx } from '../../../db/database';
import { notFound } from '../../../http/errors';
import type { ListReply } from '../../../http/envelope';
import { formatShanghai, shanghaiDateStamp } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import { fenToYuan } from '../../erp/money';
import { containsAny } from '../../shared/contains-search';
import { dataScope, type ScopeTarget } from '../../shared/data-scope';
import { loadBranchIndex } from '../../system/branch/branch-index';
import { exactFields, searchCondition, type ExactFields } from '../customer/customer-search';
import { rulesFor } from '../../system/field-mask/field-mask';
import type { ContractDetail, ContractListQuery, ContractRow } from './contract.types';

export const MSG_CONTRACT_NOT_FOUND = '合同不存在';

/** Contracts (`ct`) follow the same data scopes as customers: owner, branch, participants. */
export const CONTRACT_SCOPE: ScopeTarget = {
  id: 'ct.id',
  owner: 'ct.owner_id',
  branch: 'ct.branch_id',
  participants: { table: 'contract_participants', record: 'contract_id', user: 'user_id' },
};

/** Contract number: HT + Shanghai date + the id, e.g. HT2026112100042. */
export function contractNumber(id: number, at: Date): string {
  return `HT${shanghaiDateStamp(at)}${String(id).padStart(5, '0')}`;
}

/** Contracts `ct` with customer and owner names joined (no N+1). */
function contractRows(db: DbOrTx) {
  return db
    .selectFrom('contracts as ct')
    .innerJoin('customers as cu', 'cu.id', 'ct.customer_id')
    .leftJoin('users as u', 'u.id', 'ct.owner_id')
    .leftJoin('branches as b', 'b.id', 'ct.branch_id')
    .select([
      'ct.id',
      'ct.order_sn',
      'ct.title',
      'ct.customer_id',
      'cu.customer_name',
      'ct.money_cents',
      'ct.status',
      'ct.sign_date',
      'ct.start_date',
      'ct.end_date',
      'ct.is_invoiced',
      'ct.beizhu',
      'ct.owner_id',
      'u.nick_name as owner_name',
      'b.name as branch_name',
      'ct.created_at',
    ]);
}

type RawContractRow = Awaited<ReturnType<ReturnType<typeof contractRows>['executeTakeFirstOrThrow']>>;

function toRow(r: RawContractRow): ContractRow {
  return {
    id: r.id,
    orderSn: r.order_sn,
    title: r.title,
    customerId: r.customer_id,
    customerName: r.customer_name,
    Money: fenToYuan(r.money_cents),
    status: r.status,
    UserID: r.owner_id ?? 0,
    UserName: r.owner_name ?? '',
    addtime: formatShanghai(r.created_at),
    signDate: r.sign_date,
    endDate: r.end_date,
  };
}

/**
 * The key matches the contract number, or the customer by the customer search (name, mobile or
 * code), which is indexed on both databases (FTS on SQLite, pg_trgm on PostgreSQL).
 */
function keyCondition(ctx: AppContext, key: string, exact: ExactFields) {
  // A customer field masked for the viewer (字段权限) matches only in full.
  const customers = ctx.db
    .selectFrom('customers as c')
    .select('c.id')
    .where(searchCondition(ctx.dialect, key, 'drive', exact));
  return sql<SqlBool>`(${containsAny(ctx.dialect, ['ct.order_sn'], key)} OR ct.customer_id IN ${customers})`;
}

/** The contract list within the actor's data scope and scene, newest first, paged in the database. */
export async function listContracts(ctx: AppContext, actor: Actor, q: ContractListQuery): Promise<ListReply<ContractRow>> {
  const branches = await loadBranchIndex(ctx.db);
  let base = ctx.db.selectFrom('contracts as ct').where(dataScope(CONTRACT_SCOPE, actor, q.scene, branches));
  // 字段权限: a customer name the viewer sees masked or hidden is matched only in full.
  if (q.key) base = base.where(keyCondition(ctx, q.key, exactFields(await rulesFor(ctx.db, actor, 'customer'))));
  if (q.customerId !== undefined) base = base.where('ct.customer_id', '=', q.customerId);
  const countRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(countRow.n);
  if (total === 0 || (q.page - 1) * q.rows >= total) return { rows: [], total };

  // Deferred join: the page's ids from the narrow indexed query, then the rows with names.
  const pageIds = await base
    .select('ct.id')
    .orderBy('ct.created_at', 'desc')
    .orderBy('ct.id', 'desc')
    .limit(q.rows)
    .offset((q.page - 1) * q.rows)
    .execute();
  const ids = pageIds.map((r) => r.id);
  const rows = await contractRows(ctx.db).where('ct.id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, toRow(r)]));
  return { rows: ids.map((id) => byId.get(id)).filter((r): r is ContractRow => r !== undefined), total };
}

/** One contract (the route's policy, contract.policy.ts, has checked the actor may reach it). */
export async function viewContract(ctx: AppContext, actor: Actor, id: number): Promise<ContractDetail> {
  const row = await contractRows(ctx.db).where('ct.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG_CONTRACT_NOT_FOUND);
  return {
    ...toRow(row),
    contractId: row.id,
    signDate: row.sign_date,
    startDate: row.start_date,
    endDate: row.end_date,
    isInvoiced: row.is_invoiced,
    beizhu: row.beizhu,
    BranchName: row.branch_name ?? '',
  };
}
