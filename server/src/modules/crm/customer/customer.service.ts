import type { AppContext } from '../../../app-context';
import { sql } from 'kysely';
import type { DbOrTx, DbTx } from '../../../db/database';
import { badRequest, notFound } from '../../../http/errors';
import { formatShanghai, shanghaiDateStamp } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import { isHidden, keepHidden, rulesFor, type FieldRules } from '../../system/field-mask/field-mask';
import { markCustomerSeen, recordAssignment } from './customer-assignment';
import { transact } from '../../../db/transact';
import { poolRules, type PoolRules } from '../pool/pool-rules';
import { ownerRules } from '../pool/public-pools';
import { daysUntilPool } from './customer-views';
import { assertNoDuplicateCustomer, customerNameKey, phoneKey } from './customer-uniqueness';
import { customerEditLog, writeLogs } from './customer-log';
import { isPhoneNumber, MSG_BAD_PHONE } from './customer.validation';
import { type CustomerDetail, type CustomerInput, type CustomerRow } from './customer.types';
import { assertNextFollowupAhead } from '../followup/next-followup-time';

export const MSG_CUSTOMER_NOT_FOUND = '客户不存在';

/** `select` from customers `c` with owner, branch, source, previous owner and assignment joined (no N+1). */
export function customerRows(db: DbOrTx) {
  return db
    .selectFrom('customers as c')
    .leftJoin('users as u', 'u.id', 'c.owner_id')
    .leftJoin('branches as b', 'b.id', 'c.branch_id')
    .leftJoin('lead_sources as ls', 'ls.id', 'c.lai_yuan')
    .leftJoin('users as pu', 'pu.id', 'c.previous_owner_id')
    .leftJoin('customer_assignments as ca', 'ca.customer_id', 'c.id')
    .leftJoin('users as au', 'au.id', 'ca.assigned_by')
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
      'c.blacklisted',
      'c.black_reason',
      'c.pool_reason',
      'c.pool_at',
      'c.pool_id',
      'c.locked',
      'c.close_reason',
      'c.owned_at',
      'pu.nick_name as previous_owner_name',
      'ca.user_id as assigned_to',
      'ca.assigned_at',
      'ca.seen as assignment_seen',
      'au.nick_name as assigned_by_name',
    ]);
}

type RawCustomerRow = Awaited<ReturnType<ReturnType<typeof customerRows>['executeTakeFirstOrThrow']>>;

/** What a row says about the requesting user and the rules in force. */
/** `rulesFor`: an owner's rules when their pool has its own recycling days (public-pools.ts `ownerRules`). */
export type RowExtras = {
  pinned: ReadonlySet<number>;
  watched: ReadonlySet<number>;
  rules: PoolRules;
  now: Date;
  rulesFor?: (owner: number | null) => PoolRules;
};

const DAY_MS = 86400_000;

export function toRow(r: RawCustomerRow, extras?: RowExtras): CustomerRow {
  const mineAssigned = r.assigned_to !== null && r.assigned_to === r.owner_id;
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
    isTop: extras?.pinned.has(r.id) ? 1 : 0,
    watchuserid: r.watch_user_id ?? 0,
    watched: extras?.watched.has(r.id) ? 1 : 0,
    blacklisted: r.blacklisted,
    blackReason: r.black_reason,
    poolReason: r.gonghai === 1 ? r.pool_reason : '',
    poolDays: r.gonghai === 1 && r.pool_at && extras ? Math.max(0, Math.floor((extras.now.getTime() - Date.parse(r.pool_at)) / DAY_MS)) : null,
    previousOwner: r.gonghai === 1 ? (r.previous_owner_name ?? '') : '',
    recycleDays: extras ? daysUntilPool(r, extras.rulesFor ? extras.rulesFor(r.owner_id) : extras.rules, extras.now) : null,
    locked: r.locked,
    closeReason: r.close_reason,
    ownedAt: formatShanghai(r.owned_at || (r.owner_id !== null ? r.created_at : '')),
    assignedBy: mineAssigned ? (r.assigned_by_name ?? '') : '',
    assignedAt: mineAssigned ? formatShanghai(r.assigned_at ?? '') : '',
    unseen: mineAssigned && r.assignment_seen === 0 ? 1 : 0,
  };
}

/** Pins and watches of `userId` among `ids` (two primary-key lookups for one page). */
export async function personalMarks(db: DbOrTx, userId: number, ids: number[]): Promise<{ pinned: Set<number>; watched: Set<number> }> {
  if (ids.length === 0) return { pinned: new Set(), watched: new Set() };
  const [pins, watches] = await Promise.all([
    db.selectFrom('customer_pins').select('customer_id').where('user_id', '=', userId).where('customer_id', 'in', ids).execute(),
    db.selectFrom('customer_watches').select('customer_id').where('user_id', '=', userId).where('customer_id', 'in', ids).execute(),
  ]);
  return { pinned: new Set(pins.map((p) => p.customer_id)), watched: new Set(watches.map((w) => w.customer_id)) };
}

/** Attachments of a customer are files uploaded with picType 'customer' and modelId = the customer id. */
export const CUSTOMER_FILE_TYPE = 'customer';

export async function viewCustomer(ctx: AppContext, actor: Actor, id: number): Promise<CustomerDetail> {
  const row = await customerRows(ctx.db).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG_CUSTOMER_NOT_FOUND);
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
  const marks = await personalMarks(ctx.db, actor.userId, [id]);
  const rules = await poolRules(ctx.db);
  const extras: RowExtras = { ...marks, rules, now: ctx.clock(), rulesFor: (await ownerRules(ctx.db, rules)).rulesFor };
  return {
    ...toRow(row, extras),
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
    followups: followups.map((f) => ({
      id: f.id,
      genjinTime: formatShanghai(f.genjin_time),
      gjtype: f.gjtype,
      beizhu: f.beizhu,
      CretateName: f.nick_name ?? '',
    })),
  };
}

async function assertLeadSource(db: DbOrTx, id: number): Promise<void> {
  const found = await db.selectFrom('lead_sources').select('id').where('id', '=', id).executeTakeFirst();
  if (!found) throw badRequest('客户来源不存在');
}

/** Customer code: KH + Shanghai date + the id, e.g. KH2026112100042. */
/** api/customer/Views: the customer; the owner opening a customer given to them no longer sees it as 再分配 (not yet opened). */
export async function openCustomer(ctx: AppContext, actor: Actor, id: number): Promise<CustomerDetail> {
  const detail = await viewCustomer(ctx, actor, id);
  if (detail.UserID === actor.userId) await markCustomerSeen(ctx, detail.UserID, id);
  return detail;
}

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

/**
 * The customer form's fields a user must fill (客户名称 always: it cannot be hidden), unless the field
 * is hidden to them (字段权限), then their form leaves it out. Checked after a masked value sent back
 * has been replaced by the stored one.
 */
const REQUIRED_FIELDS = [
  ['CustomerName', 'customerName', '客户名称'],
  ['contact_name', 'contactName', '联系人'],
  ['contact_mobile', 'contactMobile', '手机号码'],
] as const;

function assertRequired(masks: FieldRules, input: CustomerInput): void {
  for (const [field, key, title] of REQUIRED_FIELDS) if (!isHidden(masks, field) && input[key] === '') throw badRequest(`${title}不能为空`);
  if (!isHidden(masks, 'contact_mobile') && !isPhoneNumber(input.contactMobile)) throw badRequest(MSG_BAD_PHONE);
}

/** A new customer from a user to whom some fields are hidden: those are stored empty, whatever was sent. */
function blankHidden(masks: FieldRules, input: CustomerInput): CustomerInput {
  if (masks.size === 0) return input;
  const blank = (field: string, value: string) => (isHidden(masks, field) ? '' : value);
  return {
    ...input,
    contactName: blank('contact_name', input.contactName),
    contactMobile: blank('contact_mobile', input.contactMobile),
    level: blank('level', input.level) as CustomerInput['level'],
    industry: blank('industry', input.industry),
    address: blank('address', input.address),
    beizhu: blank('beizhu', input.beizhu),
  };
}

/** Creates a customer with its primary contact, owned by the actor in the actor's branch. */
export async function createCustomer(ctx: AppContext, actor: Actor, submitted: CustomerInput, clue: 1 | 3 = 1): Promise<number> {
  return ctx.db.transaction().execute(async (tx) => {
    const masks = await rulesFor(tx, actor, 'customer');
    const input = blankHidden(masks, submitted);
    assertRequired(masks, input);
    assertNextFollowupAhead(input.nextGenjinTime, ctx.clock());
    await assertLeadSource(tx, input.laiYuan);
    await assertNoDuplicateCustomer(tx, actor, input.customerName, input.contactMobile);
    const [id] = await insertCustomers(tx, ctx, actor, [input], clue);
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
/**
 * `pool`: the customers go straight into the public pool (公海 import): no owner, gonghai=1, reason and
 * log 导入公海. Otherwise the actor owns them.
 */
/** The pool reason and log text of customers imported straight into the pool. */
export const POOL_IMPORT_REASON = '导入公海';

export async function insertCustomers(
  tx: DbTx,
  ctx: AppContext,
  actor: Actor,
  inputs: CustomerInput[],
  clue: 1 | 3 = 1,
  placement: { pool?: boolean; poolId?: number | null } = {},
): Promise<number[]> {
  const pool = placement.pool === true;
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
          owner_id: pool ? null : actor.userId,
          branch_id: pool ? null : actor.branchId,
          created_by: actor.userId,
          created_at: iso,
          owned_at: pool ? '' : iso,
          clue: clue,
          updated_at: iso,
          genjin_time: '',
          gonghai: pool ? 1 : 0,
          ...(pool ? { pool_reason: POOL_IMPORT_REASON, pool_at: iso, pool_id: placement.poolId ?? null } : {}),
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
    await writeLogs(
      tx,
      actor.userId,
      iso,
      chunkIds.map((id) => ({ customerId: id, kind: 'create', ext: pool ? POOL_IMPORT_REASON : clue === 3 ? '新建线索' : '新建客户' })),
    );
    ids.push(...chunkIds);
  }
  return ids;
}

/** A field the editor sees masked comes back as its masked text (or empty), a hidden one is ignored: the stored value stays. */
function keepMaskedValues(
  masks: FieldRules,
  input: CustomerInput,
  before: { customer_name: string; contact_name: string; contact_mobile: string; level: string; industry: string; address: string; beizhu: string },
): CustomerInput {
  if (masks.size === 0) return input;
  const keep = (field: string, submitted: string, stored: string) => keepHidden(masks, 'customer', field, submitted, stored);
  return {
    ...input,
    customerName: keep('CustomerName', input.customerName, before.customer_name),
    contactName: keep('contact_name', input.contactName, before.contact_name),
    contactMobile: keep('contact_mobile', input.contactMobile, before.contact_mobile),
    level: keep('level', input.level, before.level) as CustomerInput['level'],
    industry: keep('industry', input.industry, before.industry),
    address: keep('address', input.address, before.address),
    beizhu: keep('beizhu', input.beizhu, before.beizhu),
  };
}

/** Edits a customer within the actor's scope; the primary contact follows the contact fields. */
export async function updateCustomer(ctx: AppContext, actor: Actor, id: number, input: CustomerInput): Promise<void> {
  const iso = ctx.clock().toISOString();
  await transact(ctx, async (tx) => {
    await assertLeadSource(tx, input.laiYuan);
    const before = await tx
      .selectFrom('customers')
      .select(['owner_id', 'customer_name', 'contact_name', 'contact_mobile', 'level', 'industry', 'address', 'beizhu', 'blacklisted', 'next_genjin_time'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const masks = await rulesFor(tx, actor, 'customer');
    input = keepMaskedValues(masks, input, before);
    assertRequired(masks, input);
    assertNextFollowupAhead(input.nextGenjinTime, ctx.clock(), before.next_genjin_time);
    // A new name or mobile must not be another customer's (or on the blacklist); unchanged ones are not checked again.
    const renamed = customerNameKey(input.customerName) !== customerNameKey(before.customer_name);
    const renumbered = phoneKey(input.contactMobile) !== phoneKey(before.contact_mobile);
    if (renamed || renumbered) await assertNoDuplicateCustomer(tx, actor, renamed ? input.customerName : '', renumbered ? input.contactMobile : '', id);
    const changes = (
      [
        ['客户名称', before.customer_name, input.customerName],
        ['联系人', before.contact_name, input.contactName],
        ['手机号码', before.contact_mobile, input.contactMobile],
        ['客户级别', before.level, input.level],
        ['所属行业', before.industry, input.industry],
        ['地址', before.address, input.address],
        ['备注', before.beizhu, input.beizhu],
      ] as const
    ).filter(([, a, b]) => a !== b);
    if (changes.length > 0) await writeLogs(tx, actor.userId, iso, [customerEditLog(id, changes)]);
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
        .values({
          customer_id: id,
          contact_name: input.contactName,
          mobile: input.contactMobile,
          wechat: '',
          qq: '',
          zhiwei: '',
          sex: '',
          is_primary: 1,
          created_at: iso,
        })
        .execute();
    }
  });
}

/** Deletes all the customers or none: every id must exist and be within the actor's scope. */
export async function deleteCustomers(ctx: AppContext, actor: Actor, ids: number[]): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    // Contracts keep their customer (a signed contract is a legal record): refuse, naming the customer.
    const signed = await tx
      .selectFrom('contracts')
      .innerJoin('customers', 'customers.id', 'contracts.customer_id')
      .select('customers.customer_name')
      .where('contracts.customer_id', 'in', ids)
      .limit(1)
      .executeTakeFirst();
    if (signed) throw badRequest(`客户“${signed.customer_name}”存在合同，不能删除`);
    // Intake records (进件) keep their customer too.
    const intake = await tx
      .selectFrom('intake_records')
      .innerJoin('customers', 'customers.id', 'intake_records.customer_id')
      .select('customers.customer_name')
      .where('intake_records.customer_id', 'in', ids)
      .limit(1)
      .executeTakeFirst();
    if (intake) throw badRequest(`客户“${intake.customer_name}”存在进件，不能删除`);
    await tx.deleteFrom('customers').where('id', 'in', ids).execute();
  });
}
