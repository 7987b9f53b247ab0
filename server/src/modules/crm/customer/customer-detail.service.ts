/**
 * The customer detail (spec §2.5, §7): the customer within the actor's scope (shared by its contacts,
 * follow-ups and tabs), the operation log (api/OpportLogs/Logs), the tabs' counts, and locking.
 * Contacts, follow-ups and leads have their own folders (../contact, ../followup, ../lead).
 */
import type { AppContext } from '../../../app-context';
import type { DbOrTx } from '../../../db/database';
import { transact } from '../../../db/transact';
import { badRequest, notFound } from '../../../http/errors';
import type { ListReply } from '../../../http/envelope';
import { formatShanghai } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import { textForViewer, writeLogs } from './customer-log';
import { CUSTOMER_FILE_TYPE } from './customer.service';
import { NO_RULES, rulesFor } from '../../system/field-mask/field-mask';
import { CUSTOMER_VIEWS, VIEW_KEYS, viewPageRight, viewRight } from './customer-views';

const MSG_NOT_FOUND = '客户不存在';

/** The customer (404 when unknown); the route's record policy (customer.policy.ts) has checked the actor may reach it. */
export async function customerRow(tx: DbOrTx, customerId: number): Promise<{ id: number; customer_name: string; clue: number; code: string | null }> {
  const row = await tx.selectFrom('customers').select(['id', 'customer_name', 'clue', 'code']).where('id', '=', customerId).executeTakeFirst();
  if (!row) throw notFound(MSG_NOT_FOUND);
  return row;
}

export type LogRow = { id: number; Header: string; NickName: string; AddTime: string; Ext: string; type: string };

export async function listLogs(
  ctx: AppContext,
  actor: Actor,
  target: { customerId?: number; contractId?: number },
  type: string,
  page: number,
  rows: number,
): Promise<ListReply<LogRow>> {
  if (target.customerId === undefined && target.contractId === undefined) throw badRequest('请选择客户或合同');
  if (target.customerId !== undefined) await customerRow(ctx.db, target.customerId);
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
  return {
    total,
    rows: list.map((l) => ({
      id: l.id,
      Header: l.header ?? '',
      NickName: l.nick_name ?? '系统',
      AddTime: formatShanghai(l.created_at),
      Ext: textForViewer(l.ext, l.quoted, rules),
      type: l.kind,
    })),
  };
}

/** Tab counts of the customer (and clue) detail: spec §2.5 contact, contract, recpay, finance, files, payment; plus follow-ups and log. */
export async function detailSubtotal(ctx: AppContext, actor: Actor, id: number) {
  await customerRow(ctx.db, id);
  const count = async (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) => Number((await q.executeTakeFirstOrThrow()).n);
  const db = ctx.db;
  const [followups, contact, contract, files, logs] = await Promise.all([
    count(
      db
        .selectFrom('followups')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', id),
    ),
    count(
      db
        .selectFrom('contacts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', id),
    ),
    count(
      db
        .selectFrom('contracts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', id),
    ),
    count(
      db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('model_id', '=', id)
        .where('pic_type', '=', CUSTOMER_FILE_TYPE),
    ),
    count(
      db
        .selectFrom('customer_logs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', id),
    ),
  ]);
  // 回款 / 财务 / 付款 records do not exist yet in this product: honest zeros.
  return { followups, contact, contract, recpay: 0, finance: 0, files, payment: 0, logs };
}
/** updateState {id, locked}: the owner locks a customer against recycling (at most `max` locked each). */
export async function setLocked(ctx: AppContext, actor: Actor, id: number, locked: 0 | 1, max: number): Promise<void> {
  const now = ctx.clock().toISOString();
  await transact(ctx, async (tx) => {
    const c = await tx.selectFrom('customers').select(['owner_id', 'gonghai']).where('id', '=', id).executeTakeFirst();
    if (!c) throw notFound(MSG_NOT_FOUND);
    if (c.owner_id !== actor.userId || c.gonghai !== 0) throw badRequest('只能锁定自己的客户');
    if (locked === 1) {
      const n = await tx
        .selectFrom('customers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner_id', '=', actor.userId)
        .where('locked', '=', 1)
        .executeTakeFirstOrThrow();
      if (Number(n.n) >= max) throw badRequest(`每人最多锁定${max}个客户`);
    }
    await tx.updateTable('customers').set({ locked, updated_at: now }).where('id', '=', id).execute();
    await writeLogs(tx, actor.userId, now, [{ customerId: id, kind: 'lock', ext: locked ? '锁定客户（不会被自动收回公海）' : '解除锁定' }]);
  });
}

/** GetRoleType: the customer lists the actor may open, each with the actions their rights allow; 字段权限: a column the actor may not see at all is not offered. */
export async function openableViews(ctx: AppContext, actor: Actor) {
  const masks = await rulesFor(ctx.db, actor, 'customer');
  const views = VIEW_KEYS.filter((v) => viewPageRight(v).allows(actor.rights)).map((v) => {
    const def = CUSTOMER_VIEWS[v];
    const actions = def.actions.filter((a) => viewRight(a.right).allows(actor.rights)).map((a) => a.key);
    return { view: v, title: def.title, scenes: def.scenes, columns: def.columns.filter((c) => masks.get(c) !== 'hidden'), actions, create: def.create };
  });
  return { roleName: actor.roleName, dataScope: actor.dataScope, views };
}
