/**
 * The customer detail's tabs (spec §2.5, §7): follow-ups (CustomerTrackAdd), contacts (api/contact/*,
 * exactly one primary, mirrored on the customer), the operation log (api/OpportLogs/Logs), and leads
 * (api/clues/*: clue 3 rows of the customer table, so turning one into a customer keeps its
 * follow-ups, contacts and files).
 */
import type { AppContext } from '../../../app-context';
import type { DbOrTx, DbTx } from '../../../db/database';
import { transact } from '../../../db/transact';
import { badRequest, notFound } from '../../../http/errors';
import type { ListReply } from '../../../http/envelope';
import { formatShanghai } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import { loadBranchIndex } from '../../system/branch/branch-index';
import { contactEditLog, quote, textForViewer, writeLogs } from './customer-log';
import { assertInScope, CUSTOMER_FILE_TYPE } from './customer.service';
import { applyRules, applyRulesToRows, isHidden, keepHidden, maskCarried, NO_RULES, rulesFor } from '../../system/field-mask/field-mask';
import { assertPoolReadable } from '../pool/public-pools';

const MSG_NOT_FOUND = '客户不存在';
export const GJ_TYPES = ['电话', 'QQ', '微信', '邮件', '短信', '其他'] as const;

/** The customer, within the actor's scope; `read`: a pool customer may be read by anyone who may open the pool's customers. */
async function inScope(tx: DbOrTx, actor: Actor, customerId: number, read = false): Promise<{ id: number; customer_name: string; clue: number; code: string | null }> {
  const row = await tx.selectFrom('customers').select(['id', 'customer_name', 'clue', 'code', 'gonghai', 'pool_id']).where('id', '=', customerId).executeTakeFirst();
  if (!row) throw notFound(MSG_NOT_FOUND);
  if (read && row.gonghai === 1) {
    // 默认公海 is everyone's; another pool only its members' (public-pools.ts).
    await assertPoolReadable(tx, actor, [row.pool_id]);
    return row;
  }
  await assertInScope(tx, actor, [customerId], await loadBranchIndex(tx));
  return row;
}

export type FollowupInput = {
  customerId: number;
  contactId?: number;
  gjtype: number;
  status: string;
  content: string;
  /** Stored ISO times ('' for next = none). */
  at: string;
  next: string;
  files: number[];
};

export async function addFollowup(ctx: AppContext, actor: Actor, f: FollowupInput): Promise<number> {
  const now = ctx.clock().toISOString();
  return transact(ctx, async (tx) => {
    await inScope(tx, actor, f.customerId);
    let contactName = '';
    if (f.contactId !== undefined) {
      const contact = await tx.selectFrom('contacts').select('contact_name').where('id', '=', f.contactId).where('customer_id', '=', f.customerId).executeTakeFirst();
      if (!contact) throw badRequest('联系人不存在');
      contactName = contact.contact_name;
    }
    if (f.status) {
      const known = await tx.selectFrom('dict_values').select('id').where('type_code', '=', 'followup_status').where('value', '=', f.status).executeTakeFirst();
      if (!known) throw badRequest('跟进状态不正确');
    }
    if (f.files.length > 0) {
      const files = await tx.selectFrom('files').select('id').where('id', 'in', f.files).where('user_id', '=', actor.userId).execute();
      if (files.length !== f.files.length) throw badRequest('附件不存在');
    }
    const row = await tx
      .insertInto('followups')
      .values({
        customer_id: f.customerId,
        genjin_time: f.at,
        gjtype: f.gjtype,
        beizhu: f.content,
        created_by: actor.userId,
        created_at: now,
        contact_id: f.contactId ?? null,
        status: f.status,
        next_genjin_time: f.next,
        files: f.files.length ? JSON.stringify(f.files) : '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The customer's last follow-up is the latest one written; the next time follows this follow-up.
    const current = await tx.selectFrom('customers').select('genjin_time').where('id', '=', f.customerId).executeTakeFirstOrThrow();
    await tx
      .updateTable('customers')
      .set({ genjin_time: f.at > current.genjin_time ? f.at : current.genjin_time, next_genjin_time: f.next, updated_at: now })
      .where('id', '=', f.customerId)
      .execute();
    await writeLogs(tx, actor.userId, now, [{ customerId: f.customerId, kind: 'followup', ext: `添加跟进（${GJ_TYPES[f.gjtype]}${contactName ? `，联系人：${contactName}` : ''}）：${f.content.slice(0, 100)}`, quoted: quote('contact', 'contactName', contactName) }]);
    return row.id;
  });
}

export type FollowupRow = {
  id: number;
  contactName: string;
  status: string;
  Ext: string;
  genjinTime: string;
  nextgenjintime: string;
  beizhu: string;
  gjtype: number;
  CretateName: string;
  CretateTime: string;
  files: number[];
};

export async function listFollowups(ctx: AppContext, actor: Actor, customerId: number, page: number, rows: number): Promise<ListReply<FollowupRow>> {
  await inScope(ctx.db, actor, customerId, true);
  const base = ctx.db.selectFrom('followups as f').where('f.customer_id', '=', customerId);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const list = await base
    .leftJoin('users as u', 'u.id', 'f.created_by')
    .leftJoin('contacts as k', 'k.id', 'f.contact_id')
    .select(['f.id', 'f.genjin_time', 'f.next_genjin_time', 'f.gjtype', 'f.beizhu', 'f.status', 'f.files', 'f.created_at', 'u.nick_name', 'k.contact_name'])
    .orderBy('f.genjin_time', 'desc')
    .orderBy('f.id', 'desc')
    .limit(rows)
    .offset((page - 1) * rows)
    .execute();
  const contactRules = await rulesFor(ctx.db, actor, 'contact');
  return {
    total,
    rows: list.map((f) => ({
      id: f.id,
      contactName: maskCarried(contactRules, 'contact', 'contactName', f.contact_name ?? ''),
      status: f.status,
      Ext: GJ_TYPES[f.gjtype] ?? '',
      genjinTime: formatShanghai(f.genjin_time),
      nextgenjintime: formatShanghai(f.next_genjin_time),
      beizhu: f.beizhu,
      gjtype: f.gjtype,
      CretateName: f.nick_name ?? '',
      CretateTime: formatShanghai(f.created_at),
      files: f.files ? (JSON.parse(f.files) as number[]) : [],
    })),
  };
}

export type ContactInput = { contactName: string; mobile: string; wechat: string; qq: string; zhiwei: string; sex: string };

type ContactOut = { id: number; customerId: number; contactName: string; mobile: string; wechat: string; qq: string; zhiwei: string; sex: string; isPrimary: number };

const contactOut = (c: { id: number; customer_id: number; contact_name: string; mobile: string; wechat: string; qq: string; zhiwei: string; sex: string; is_primary: number }): ContactOut => ({
  id: c.id,
  customerId: c.customer_id,
  contactName: c.contact_name,
  mobile: c.mobile,
  wechat: c.wechat,
  qq: c.qq,
  zhiwei: c.zhiwei,
  sex: c.sex,
  isPrimary: c.is_primary,
});

const CONTACT_COLUMNS = ['id', 'customer_id', 'contact_name', 'mobile', 'wechat', 'qq', 'zhiwei', 'sex', 'is_primary'] as const;

export async function listContacts(ctx: AppContext, actor: Actor, customerId: number): Promise<ListReply<ContactOut>> {
  return ctx.db.transaction().execute(async (tx) => {
    await inScope(tx, actor, customerId, true);
    const rows = await tx.selectFrom('contacts').select(CONTACT_COLUMNS).where('customer_id', '=', customerId).orderBy('is_primary', 'desc').orderBy('id').execute();
    return { rows: applyRulesToRows(rows.map(contactOut), await rulesFor(tx, actor, 'contact'), 'contact'), total: rows.length };
  });
}

async function contactOf(tx: DbOrTx, actor: Actor, id: number, read = false) {
  const c = await tx.selectFrom('contacts').select(CONTACT_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!c) throw notFound('联系人不存在');
  await inScope(tx, actor, c.customer_id, read);
  return c;
}

export async function viewContact(ctx: AppContext, actor: Actor, id: number): Promise<ContactOut> {
  return applyRules(contactOut(await contactOf(ctx.db, actor, id, true)), await rulesFor(ctx.db, actor, 'contact'), 'contact');
}

/** Mirrors the primary contact on the customer (name, mobile); the search index follows (migration 046). */
async function mirrorPrimary(tx: DbTx, customerId: number): Promise<void> {
  const p = await tx.selectFrom('contacts').select(['contact_name', 'mobile']).where('customer_id', '=', customerId).where('is_primary', '=', 1).executeTakeFirst();
  if (!p) return;
  await tx.updateTable('customers').set({ contact_name: p.contact_name, contact_mobile: p.mobile }).where('id', '=', customerId).execute();
}

export async function saveContact(ctx: AppContext, actor: Actor, id: number | null, customerId: number, submitted: ContactInput): Promise<number> {
  const now = ctx.clock().toISOString();
  return transact(ctx, async (tx) => {
    const before = id === null ? null : await contactOf(tx, actor, id);
    // 字段权限: on an edit, a field the editor sees masked comes back masked (or empty) and a hidden one is
    // not in their form: the stored value stays. On a create, a hidden field is stored empty, whatever was sent.
    const masks = await rulesFor(tx, actor, 'contact');
    const keep = (field: string, value: string, stored: string) => (masks.size > 0 ? keepHidden(masks, 'contact', field, value, stored) : value);
    const blank = (field: string, value: string) => (isHidden(masks, field) ? '' : value);
    const input: ContactInput = before
      ? {
          ...submitted,
          contactName: keep('contactName', submitted.contactName, before.contact_name),
          mobile: keep('mobile', submitted.mobile, before.mobile),
          wechat: keep('wechat', submitted.wechat, before.wechat),
          qq: keep('qq', submitted.qq, before.qq),
          zhiwei: keep('zhiwei', submitted.zhiwei, before.zhiwei),
        }
      : {
          ...submitted,
          contactName: blank('contactName', submitted.contactName),
          mobile: blank('mobile', submitted.mobile),
          wechat: blank('wechat', submitted.wechat),
          qq: blank('qq', submitted.qq),
          zhiwei: blank('zhiwei', submitted.zhiwei),
        };
    // Required only of users who see the field (checked after the stored values came back).
    if (!isHidden(masks, 'contactName') && input.contactName.trim() === '') throw badRequest('联系人姓名不能为空');
    if (input.mobile.includes('*')) throw badRequest('手机号码格式不正确');
    const columns = { contact_name: input.contactName, mobile: input.mobile, wechat: input.wechat, qq: input.qq, zhiwei: input.zhiwei, sex: input.sex };
    if (id === null || before === null) {
      await inScope(tx, actor, customerId);
      const hasPrimary = await tx.selectFrom('contacts').select('id').where('customer_id', '=', customerId).where('is_primary', '=', 1).executeTakeFirst();
      const row = await tx
        .insertInto('contacts')
        .values({ customer_id: customerId, ...columns, is_primary: hasPrimary ? 0 : 1, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!hasPrimary) await mirrorPrimary(tx, customerId);
      await writeLogs(tx, actor.userId, now, [{ customerId, kind: 'contact', ext: `新增联系人 ${input.contactName}`, quoted: quote('contact', 'contactName', input.contactName) }]);
      return row.id;
    }
    await tx.updateTable('contacts').set(columns).where('id', '=', id).execute();
    if (before.is_primary === 1) await mirrorPrimary(tx, before.customer_id);
    const changes = (
      [
        ['姓名', before.contact_name, input.contactName],
        ['手机', before.mobile, input.mobile],
        ['微信', before.wechat, input.wechat],
        ['QQ', before.qq, input.qq],
        ['职位', before.zhiwei, input.zhiwei],
      ] as const
    ).filter(([, a, b]) => a !== b);
    await writeLogs(tx, actor.userId, now, [contactEditLog(before.customer_id, before.contact_name, changes)]);
    return id;
  });
}

export async function deleteContacts(ctx: AppContext, actor: Actor, ids: number[]): Promise<void> {
  const now = ctx.clock().toISOString();
  await transact(ctx, async (tx) => {
    const rows = [];
    for (const id of ids) rows.push(await contactOf(tx, actor, id));
    if (rows.some((c) => c.is_primary === 1)) throw badRequest('不能删除首要联系人，请先设置其他联系人为首要联系人');
    await tx.deleteFrom('contacts').where('id', 'in', ids).execute();
    await writeLogs(tx, actor.userId, now, rows.map((c) => ({ customerId: c.customer_id, kind: 'contact', ext: `删除联系人 ${c.contact_name}`, quoted: quote('contact', 'contactName', c.contact_name) })));
  });
}

/** Makes one contact the customer's only primary contact. */
export async function setPrimaryContact(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const now = ctx.clock().toISOString();
  await transact(ctx, async (tx) => {
    const c = await contactOf(tx, actor, id);
    await tx.updateTable('contacts').set({ is_primary: 0 }).where('customer_id', '=', c.customer_id).where('id', '<>', id).execute();
    await tx.updateTable('contacts').set({ is_primary: 1 }).where('id', '=', id).execute();
    await mirrorPrimary(tx, c.customer_id);
    await writeLogs(tx, actor.userId, now, [{ customerId: c.customer_id, kind: 'contact', ext: `设为首要联系人：${c.contact_name}`, quoted: quote('contact', 'contactName', c.contact_name) }]);
  });
}

export type LogRow = { id: number; Header: string; NickName: string; AddTime: string; Ext: string; type: string };

export async function listLogs(ctx: AppContext, actor: Actor, target: { customerId?: number; contractId?: number }, type: string, page: number, rows: number): Promise<ListReply<LogRow>> {
  if (target.customerId === undefined && target.contractId === undefined) throw badRequest('请选择客户或合同');
  if (target.customerId !== undefined) await inScope(ctx.db, actor, target.customerId, true);
  let base = ctx.db.selectFrom('customer_logs as l');
  base = target.customerId !== undefined ? base.where('l.customer_id', '=', target.customerId) : base.where('l.contract_id', '=', target.contractId as number);
  if (type) base = base.where('l.kind', '=', type);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const list = await base
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.id', 'l.kind', 'l.ext', 'l.quoted', 'l.created_at', 'u.nick_name', 'u.header'])
    .orderBy('l.id', 'desc')
    .limit(rows)
    .offset((page - 1) * rows)
    .execute();
  // 字段权限: the log quotes names, phones and edited values; each shows as the viewer sees its field.
  const [customer, contact] = await Promise.all([rulesFor(ctx.db, actor, 'customer'), rulesFor(ctx.db, actor, 'contact')]);
  const rules = { customer, contact, contract: NO_RULES };
  return { total, rows: list.map((l) => ({ id: l.id, Header: l.header ?? '', NickName: l.nick_name ?? '系统', AddTime: formatShanghai(l.created_at), Ext: textForViewer(l.ext, l.quoted, rules), type: l.kind })) };
}

/** Tab counts of the customer (and clue) detail: spec §2.5 contact, contract, recpay, finance, files, payment; plus follow-ups and log. */
export async function detailSubtotal(ctx: AppContext, actor: Actor, id: number) {
  await inScope(ctx.db, actor, id, true);
  const count = async (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) => Number((await q.executeTakeFirstOrThrow()).n);
  const db = ctx.db;
  const [followups, contact, contract, files, logs] = await Promise.all([
    count(db.selectFrom('followups').select((eb) => eb.fn.countAll<number>().as('n')).where('customer_id', '=', id)),
    count(db.selectFrom('contacts').select((eb) => eb.fn.countAll<number>().as('n')).where('customer_id', '=', id)),
    count(db.selectFrom('contracts').select((eb) => eb.fn.countAll<number>().as('n')).where('customer_id', '=', id)),
    count(db.selectFrom('files').select((eb) => eb.fn.countAll<number>().as('n')).where('model_id', '=', id).where('pic_type', '=', CUSTOMER_FILE_TYPE)),
    count(db.selectFrom('customer_logs').select((eb) => eb.fn.countAll<number>().as('n')).where('customer_id', '=', id)),
  ]);
  // 回款 / 财务 / 付款 records do not exist yet in this product: honest zeros.
  return { followups, contact, contract, recpay: 0, finance: 0, files, payment: 0, logs };
}

/** Leads: Turn {ids} makes clue 3 rows customers (clue 1), keeping everything attached to them. */
export async function turnLeads(ctx: AppContext, actor: Actor, ids: number[]): Promise<number> {
  const now = ctx.clock().toISOString();
  return transact(ctx, async (tx) => {
    await assertInScope(tx, actor, ids, await loadBranchIndex(tx));
    const rows = await tx.selectFrom('customers').select(['id', 'clue', 'close_reason']).where('id', 'in', ids).execute();
    if (rows.some((r) => r.clue !== 3)) throw badRequest('所选记录不是线索');
    if (rows.some((r) => r.close_reason !== '')) throw badRequest('已关闭的线索不能转为客户');
    const res = await tx.updateTable('customers').set({ clue: 1, updated_at: now, owned_at: now }).where('id', 'in', ids).where('clue', '=', 3).executeTakeFirst();
    if (Number(res.numUpdatedRows) !== ids.length) throw badRequest('线索状态已变化，请刷新后重试');
    await writeLogs(tx, actor.userId, now, ids.map((id) => ({ customerId: id, kind: 'lead', ext: '线索转为客户' })));
    return ids.length;
  });
}

export async function closeLeads(ctx: AppContext, actor: Actor, ids: number[], reason: string): Promise<number> {
  const now = ctx.clock().toISOString();
  return transact(ctx, async (tx) => {
    await assertInScope(tx, actor, ids, await loadBranchIndex(tx));
    const rows = await tx.selectFrom('customers').select(['id', 'clue']).where('id', 'in', ids).execute();
    if (rows.some((r) => r.clue !== 3)) throw badRequest('所选记录不是线索');
    await tx.updateTable('customers').set({ close_reason: reason, updated_at: now }).where('id', 'in', ids).execute();
    await writeLogs(tx, actor.userId, now, ids.map((id) => ({ customerId: id, kind: 'lead', ext: `关闭线索，原因：${reason}` })));
    return ids.length;
  });
}

/** updateState {id, locked}: the owner locks a customer against recycling (at most `max` locked each). */
export async function setLocked(ctx: AppContext, actor: Actor, id: number, locked: 0 | 1, max: number): Promise<void> {
  const now = ctx.clock().toISOString();
  await transact(ctx, async (tx) => {
    const c = await tx.selectFrom('customers').select(['owner_id', 'gonghai']).where('id', '=', id).executeTakeFirst();
    if (!c) throw notFound(MSG_NOT_FOUND);
    if (c.owner_id !== actor.userId || c.gonghai !== 0) throw badRequest('只能锁定自己的客户');
    if (locked === 1) {
      const n = await tx.selectFrom('customers').select((eb) => eb.fn.countAll<number>().as('n')).where('owner_id', '=', actor.userId).where('locked', '=', 1).executeTakeFirstOrThrow();
      if (Number(n.n) >= max) throw badRequest(`每人最多锁定${max}个客户`);
    }
    await tx.updateTable('customers').set({ locked, updated_at: now }).where('id', '=', id).execute();
    await writeLogs(tx, actor.userId, now, [{ customerId: id, kind: 'lock', ext: locked ? '锁定客户（不会被自动收回公海）' : '解除锁定' }]);
  });
}
