import type { AppContext } from '../../../app-context';
import { sql } from 'kysely';
import type { DbOrTx, DbTx } from '../../../db/database';
import { badRequest, forbidden, notFound } from '../../../http/errors';
import type { ListReply } from '../../../http/envelope';
import { formatShanghai, shanghaiDateStamp } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import { loadBranchIndex, type BranchIndex } from '../../system/branch/branch-index';
import { CUSTOMER_SCOPE, dataScope, type Scene } from '../../shared/data-scope';
import { indexCustomerSearch, removeCustomerSearch, searchCondition } from './customer-search';
import { containsAny } from '../../shared/contains-search';
import { recordAssignment } from './customer-assignment';
import { transact } from '../../../db/transact';
import { SORT_COLUMNS, type CustomerDetail, type CustomerInput, type CustomerListQuery, type CustomerRow } from './customer.types';

export const MSG_CUSTOMER_NOT_FOUND = '客户不存在';

/** `select` from customers `c` with owner, branch and source names joined (no N+1). */
export function customerRows(db: DbOrTx) {
  return db
    .selectFrom('customers as c')
    .leftJoin('users as u', 'u.id', 'c.owner_id')
    .leftJoin('branches as b', 'b.id', 'c.branch_id')
    .leftJoin('lead_sources as ls', 'ls.id', 'c.lai_yuan')
    .select([
      'c.id',
      'c.code',
      'c.customer_name',
      'c.contact_name',
      'c.contact_mobile',
      'c.lai_yuan',
      'ls.name as lai_yuan_name',
      'c.level',
      'c.industry',
      'c.address',
      'c.beizhu',
      'c.owner_id',
      'u.nick_name as owner_name',
      'b.name as branch_name',
      'c.created_at',
      'c.updated_at',
      'c.genjin_time',
      'c.next_genjin_time',
      'c.clue',
      'c.gonghai',
      'c.is_top',
      'c.watch_user_id',
    ]);
}

type RawCustomerRow = Awaited<ReturnType<ReturnType<typeof customerRows>['executeTakeFirstOrThrow']>>;

export function toRow(r: RawCustomerRow): CustomerRow {
  return {
    id: r.id,
    code: r.code ?? '',
    CustomerName: r.customer_name,
    contact_name: r.contact_name,
    contact_mobile: r.contact_mobile,
    LaiYuan: r.lai_yuan,
    LaiYuanName: r.lai_yuan_name ?? '',
    level: r.level,
    industry: r.industry,
    address: r.address,
    beizhu: r.beizhu,
    UserID: r.owner_id ?? 0,
    UserName: r.owner_name ?? '',
    BranchName: r.branch_name ?? '',
    AddTime: formatShanghai(r.created_at),
    UpdateTime: formatShanghai(r.updated_at),
    genjinTime: formatShanghai(r.genjin_time),
    nextgenjintime: formatShanghai(r.next_genjin_time),
    clue: r.clue,
    gonghai: r.gonghai,
    isTop: r.is_top,
    watchuserid: r.watch_user_id ?? 0,
  };
}

/**
 * The customer list: scope and scene, filters and key in the database, one indexed count, one page
 * query with the names joined. The public pool (gonghai 1) is shared by everyone and not scoped.
 */
export async function listCustomers(ctx: AppContext, actor: Actor, q: CustomerListQuery): Promise<ListReply<CustomerRow>> {
  const branches = await loadBranchIndex(ctx.db);
  const unkeyed = filteredCustomers(ctx, actor, q, branches);
  let base = unkeyed;
  if (q.key) base = base.where(searchCondition(ctx.dialect, q.key));

  const countRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(countRow.n);
  if (total === 0 || (q.page - 1) * q.rows >= total) return { rows: [], total };

  // With a frequent key, walk the sort index instead of sorting every match (see searchCondition).
  let pageQuery = base;
  if (q.key && ctx.dialect === 'sqlite' && (await expectedScanLength(ctx, q, total)) <= ORDERED_SCAN_LIMIT) {
    pageQuery = unkeyed.where(searchCondition(ctx.dialect, q.key, true));
  }

  // Deferred join: pick the page's ids on the narrow indexed query, then fetch the rows with names.
  const pageIds = await pageQuery
    .select('c.id')
    .orderBy(SORT_COLUMNS[q.sort], q.order)
    .orderBy('c.id', q.order)
    .limit(q.rows)
    .offset((q.page - 1) * q.rows)
    .execute();
  const ids = pageIds.map((r) => r.id);
  const rows = await customerRows(ctx.db).where('c.id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, toRow(r)]));
  return { rows: ids.map((id) => byId.get(id)).filter((r): r is CustomerRow => r !== undefined), total };
}

/** Customers `c` within the actor's scope and the query's scene and filters (the key is left to the caller): the list and the export share it. */
export function filteredCustomers(ctx: AppContext, actor: Actor, q: CustomerListQuery, branches: BranchIndex) {
  let base = ctx.db.selectFrom('customers as c').where('c.gonghai', '=', q.gonghai);
  if (q.gonghai === 0) base = base.where(dataScope(CUSTOMER_SCOPE, actor, q.scene, branches));
  if (q.filters.level) base = base.where('c.level', '=', q.filters.level);
  if (q.filters.laiYuan) base = base.where('c.lai_yuan', '=', q.filters.laiYuan);
  if (q.filters.clue) base = base.where('c.clue', '=', q.filters.clue);
  if (q.filters.days) base = base.where('c.created_at', '>=', new Date(ctx.clock().getTime() - q.filters.days * 86400_000).toISOString());
  const texts = [
    ['c.customer_name', q.filters.name],
    ['c.contact_name', q.filters.contactName],
    ['c.contact_mobile', q.filters.mobile],
    ['c.industry', q.filters.industry],
    ['c.address', q.filters.address],
  ] as const;
  for (const [column, value] of texts) if (value) base = base.where(containsAny(ctx.dialect, [column], value));
  if (q.filters.branchId) {
    if (!branches.get(q.filters.branchId)) throw badRequest('部门不存在');
    base = base.where('c.branch_id', 'in', branches.subtreeIds(q.filters.branchId));
  }
  return base;
}

/** Rows an in-order index walk would visit to fill the page, from the share of customers that match. */
const ORDERED_SCAN_LIMIT = 20_000;
async function expectedScanLength(ctx: AppContext, q: CustomerListQuery, matches: number): Promise<number> {
  const row = await ctx.db.selectFrom('customers').select((eb) => eb.fn.max('id').as('maxId')).executeTakeFirst();
  const size = Math.max(Number(row?.maxId ?? 0), matches);
  return (q.page * q.rows * size) / matches;
}

/** Ensures every id exists and is within the actor's scope: 404 for an unknown id, 403 outside scope. */
async function assertInScope(db: DbOrTx, actor: Actor, ids: number[], branches: BranchIndex): Promise<void> {
  const existing = await db.selectFrom('customers as c').select(['c.id', 'c.gonghai']).where('c.id', 'in', ids).execute();
  if (existing.length !== ids.length) throw notFound(MSG_CUSTOMER_NOT_FOUND);
  const scoped = await db
    .selectFrom('customers as c')
    .select('c.id')
    .where('c.id', 'in', ids)
    .where(dataScope(CUSTOMER_SCOPE, actor, 'all' satisfies Scene, branches))
    .execute();
  if (scoped.length !== ids.length) throw forbidden();
}

/** Counts per tab of the customer detail panel (spec §2.5 "counts per tab from a subtotal call"). */
export type CustomerSubtotal = { followups: number; contact: number; contract: number; files: number };

/** Attachments of a customer are files uploaded with picType 'customer' and modelId = the customer id. */
export const CUSTOMER_FILE_TYPE = 'customer';

export async function customerSubtotal(ctx: AppContext, actor: Actor, id: number): Promise<CustomerSubtotal> {
  const row = await ctx.db.selectFrom('customers').select('gonghai').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG_CUSTOMER_NOT_FOUND);
  if (row.gonghai === 0) await assertInScope(ctx.db, actor, [id], await loadBranchIndex(ctx.db));
  // Four indexed counts (followups, contacts and contracts by customer_id; files by model).
  const [followups, contact, contract, files] = await Promise.all([
    ctx.db.selectFrom('followups').select((eb) => eb.fn.countAll<number>().as('n')).where('customer_id', '=', id).executeTakeFirstOrThrow(),
    ctx.db.selectFrom('contacts').select((eb) => eb.fn.countAll<number>().as('n')).where('customer_id', '=', id).executeTakeFirstOrThrow(),
    ctx.db.selectFrom('contracts').select((eb) => eb.fn.countAll<number>().as('n')).where('customer_id', '=', id).executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('model_id', '=', id)
      .where('pic_type', '=', CUSTOMER_FILE_TYPE)
      .executeTakeFirstOrThrow(),
  ]);
  return { followups: Number(followups.n), contact: Number(contact.n), contract: Number(contract.n), files: Number(files.n) };
}

export async function viewCustomer(ctx: AppContext, actor: Actor, id: number): Promise<CustomerDetail> {
  const branches = await loadBranchIndex(ctx.db);
  const row = await customerRows(ctx.db).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG_CUSTOMER_NOT_FOUND);
  if (row.gonghai === 0) await assertInScope(ctx.db, actor, [id], branches);
  const [contacts, followups] = await Promise.all([
    ctx.db
      .selectFrom('contacts')
      .select(['id', 'contact_name', 'mobile', 'wechat', 'qq', 'zhiwei', 'sex', 'is_primary'])
      .where('customer_id', '=', id)
      .orderBy('is_primary', 'desc')
      .orderBy('id')
      .execute(),
    ctx.db
      .selectFrom('followups as f')
      .leftJoin('users as u', 'u.id', 'f.created_by')
      .select(['f.id', 'f.genjin_time', 'f.gjtype', 'f.beizhu', 'u.nick_name'])
      .where('f.customer_id', '=', id)
      .orderBy('f.genjin_time', 'desc')
      .orderBy('f.id', 'desc')
      .execute(),
  ]);
  return {
    ...toRow(row),
    contacts: contacts.map((c) => ({
      id: c.id,
      contactName: c.contact_name,
      mobile: c.mobile,
      wechat: c.wechat,
      qq: c.qq,
      zhiwei: c.zhiwei,
      sex: c.sex,
      isPrimary: c.is_primary,
    })),
    followups: followups.map((f) => ({ id: f.id, genjinTime: formatShanghai(f.genjin_time), gjtype: f.gjtype, beizhu: f.beizhu, CretateName: f.nick_name ?? '' })),
  };
}

async function assertLeadSource(db: DbOrTx, id: number): Promise<void> {
  const found = await db.selectFrom('lead_sources').select('id').where('id', '=', id).executeTakeFirst();
  if (!found) throw badRequest('客户来源不存在');
}

/** Customer code: KH + Shanghai date + the id, e.g. KH2026112100042. */
export function customerCode(id: number, at: Date): string {
  return `KH${shanghaiDateStamp(at)}${String(id).padStart(5, '0')}`;
}

/** The columns a user sets through the customer form, for both create and edit. */
function editableColumns(input: CustomerInput) {
  return {
    customer_name: input.customerName,
    contact_name: input.contactName,
    contact_mobile: input.contactMobile,
    lai_yuan: input.laiYuan,
    level: input.level,
    industry: input.industry,
    address: input.address,
    beizhu: input.beizhu,
    next_genjin_time: input.nextGenjinTime,
  };
}

/** Creates a customer with its primary contact, owned by the actor in the actor's branch. */
export async function createCustomer(ctx: AppContext, actor: Actor, input: CustomerInput): Promise<number> {
  return ctx.db.transaction().execute(async (tx) => {
    await assertLeadSource(tx, input.laiYuan);
    const [id] = await insertCustomers(tx, ctx, actor, [input]);
    return id;
  });
}

/** Rows per multi-row insert: ~20 bound values a customer stays far below SQLite's and PostgreSQL's limits. */
const INSERT_CHUNK = 200;

/**
 * Inserts validated customers (lead sources checked by the caller) with their primary contacts, codes
 * and search entries, owned by the actor in the actor's branch, inside the caller's transaction.
 * Returns the new ids in input order. Used by the create form (one) and the batch import (many).
 */
export async function insertCustomers(tx: DbTx, ctx: AppContext, actor: Actor, inputs: CustomerInput[]): Promise<number[]> {
  const now = ctx.clock();
  const iso = now.toISOString();
  const ids: number[] = [];
  for (let start = 0; start < inputs.length; start += INSERT_CHUNK) {
    const chunk = inputs.slice(start, start + INSERT_CHUNK);
    const inserted = await tx
      .insertInto('customers')
      .values(
        chunk.map((input) => ({
          code: null,
          ...editableColumns(input),
          owner_id: actor.userId,
          branch_id: actor.branchId,
          created_by: actor.userId,
          created_at: iso,
          updated_at: iso,
          genjin_time: '',
          clue: 1,
          gonghai: 0,
          is_top: 0,
          watch_user_id: null,
        })),
      )
      .returning('id')
      .execute();
    // One statement hands out ids in VALUES order (SQLite rowids, PostgreSQL's sequence), but the
    // order of RETURNING is unspecified: sorting restores the input order.
    const chunkIds = inserted.map((r) => r.id).sort((a, b) => a - b);
    const codes = chunkIds.map((id) => customerCode(id, now));
    const codeCase = sql<string>`case id ${sql.join(
      chunkIds.map((id, i) => sql`when ${id} then ${codes[i]}`),
      sql` `,
    )} end`;
    await tx.updateTable('customers').set({ code: codeCase }).where('id', 'in', chunkIds).execute();
    await tx
      .insertInto('contacts')
      .values(
        chunk.map((input, i) => ({
          customer_id: chunkIds[i],
          contact_name: input.contactName,
          mobile: input.contactMobile,
          wechat: '',
          qq: '',
          zhiwei: '',
          sex: '',
          is_primary: 1,
          created_at: iso,
        })),
      )
      .execute();
    for (const [i, input] of chunk.entries()) {
      await indexCustomerSearch(tx, ctx.dialect, chunkIds[i], { name: input.customerName, mobile: input.contactMobile, code: codes[i] });
    }
    ids.push(...chunkIds);
  }
  return ids;
}

/** Edits a customer within the actor's scope; the primary contact follows the contact fields. */
export async function updateCustomer(ctx: AppContext, actor: Actor, id: number, input: CustomerInput): Promise<void> {
  const iso = ctx.clock().toISOString();
  await transact(ctx, async (tx) => {
    await assertInScope(tx, actor, [id], await loadBranchIndex(tx));
    await assertLeadSource(tx, input.laiYuan);
    const before = await tx.selectFrom('customers').select('owner_id').where('id', '=', id).executeTakeFirstOrThrow();
    const updated = await tx
      .updateTable('customers')
      .set({
        ...editableColumns(input),
        updated_at: iso,
      })
      .where('id', '=', id)
      .returning(['code', 'owner_id'])
      .executeTakeFirstOrThrow();
    // An edit that gives the customer to someone else is an assignment: the new owner is told after the commit.
    if (updated.owner_id !== null && updated.owner_id !== before.owner_id) await recordAssignment(ctx, tx, actor, [id], updated.owner_id);
    const primary = await tx.selectFrom('contacts').select('id').where('customer_id', '=', id).where('is_primary', '=', 1).executeTakeFirst();
    if (primary) {
      await tx.updateTable('contacts').set({ contact_name: input.contactName, mobile: input.contactMobile }).where('id', '=', primary.id).execute();
    } else {
      await tx
        .insertInto('contacts')
        .values({ customer_id: id, contact_name: input.contactName, mobile: input.contactMobile, wechat: '', qq: '', zhiwei: '', sex: '', is_primary: 1, created_at: iso })
        .execute();
    }
    await indexCustomerSearch(tx, ctx.dialect, id, { name: input.customerName, mobile: input.contactMobile, code: updated.code ?? '' });
  });
}

/** Deletes all the customers or none: every id must exist and be within the actor's scope. */
export async function deleteCustomers(ctx: AppContext, actor: Actor, ids: number[]): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    await assertInScope(tx, actor, ids, await loadBranchIndex(tx));
    // Contracts keep their customer (a signed contract is a legal record): refuse, naming the customer.
    const signed = await tx
      .selectFrom('contracts')
      .innerJoin('customers', 'customers.id', 'contracts.customer_id')
      .select('customers.customer_name')
      .where('contracts.customer_id', 'in', ids)
      .limit(1)
      .executeTakeFirst();
    if (signed) throw badRequest(`客户“${signed.customer_name}”存在合同，不能删除`);
    await tx.deleteFrom('customers').where('id', 'in', ids).execute();
    await removeCustomerSearch(tx, ctx.dialect, ids);
  });
}
