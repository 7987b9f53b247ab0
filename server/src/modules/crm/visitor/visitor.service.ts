/**
 * 访客登记 (crm/customer/fangke): visitors are registered, listed (matched to customers by mobile) and
 * turned into customers awaiting assignment.
 */
import type { VisitorRow } from '@portal/shared-contract';
import type { AppContext } from '../../../app-context';
import type { ListReply } from '../../../http/envelope';
import { transact } from '../../../db/transact';
import { badRequest, notFound } from '../../../http/errors';
import { formatShanghai, parseShanghaiDateTime } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import { quote, writeLogs } from '../customer/customer-log';
import { customerCode } from '../customer/customer.service';
import { assertNoDuplicateCustomer } from '../customer/customer-uniqueness';

export type VisitorFilter = { page: number; rows: number; key: string; from: string; to: string };
/** Times as typed (Shanghai); `receptionist` a user id. */
export type VisitorInput = {
  name: string;
  mobile: string;
  company: string;
  purpose: string;
  receptionist?: number;
  arrivedAt: string;
  leftAt: string;
  remark: string;
};

function timeOf(label: string, text: string): string {
  if (!text) return '';
  const t = parseShanghaiDateTime(text);
  if (!t) throw badRequest(`${label}格式不正确`);
  return t;
}

/** visitorsIndex: newest arrival first; the key matches a name, mobile or company exactly. */
export async function listVisitors(ctx: AppContext, input: VisitorFilter): Promise<ListReply<VisitorRow>> {
  let q = ctx.db.selectFrom('visitors as v');
  if (input.from) q = q.where('v.arrived_at', '>=', timeOf('开始日期', `${input.from} 00:00`));
  if (input.to) q = q.where('v.arrived_at', '<=', timeOf('结束日期', `${input.to} 23:59`));
  if (input.key) q = q.where((eb) => eb.or([eb('v.name', '=', input.key), eb('v.mobile', '=', input.key), eb('v.company', '=', input.key)]));
  const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q
    .leftJoin('users as r', 'r.id', 'v.receptionist_id')
    .leftJoin('customers as c', (j) => j.onRef('c.contact_mobile', '=', 'v.mobile'))
    .select([
      'v.id',
      'v.name',
      'v.mobile',
      'v.company',
      'v.purpose',
      'v.arrived_at',
      'v.left_at',
      'v.remark',
      'v.customer_id',
      'r.nick_name as receptionist',
      'c.id as matched_id',
      'c.customer_name as matched_name',
    ])
    .orderBy('v.arrived_at', 'desc')
    .orderBy('v.id', 'desc')
    .limit(input.rows)
    .offset((input.page - 1) * input.rows)
    .execute();
  const seen = new Set<number>();
  return {
    total,
    rows: rows
      .filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)))
      .map((r) => ({
        id: r.id,
        name: r.name,
        mobile: r.mobile,
        company: r.company,
        purpose: r.purpose,
        receptionist: r.receptionist ?? '',
        arrivedAt: formatShanghai(r.arrived_at),
        leftAt: formatShanghai(r.left_at),
        remark: r.remark,
        customerId: r.customer_id ?? r.matched_id ?? 0,
        customerName: r.matched_name ?? '',
      })),
  };
}

/** visitorsAdd: the purpose must be in the visit_purpose dictionary; the receptionist defaults to the caller. */
export async function addVisitor(ctx: AppContext, actor: Actor, input: VisitorInput): Promise<number> {
  if (input.purpose) {
    const ok = await ctx.db
      .selectFrom('dict_values')
      .select('id')
      .where('type_code', '=', 'visit_purpose')
      .where('value', '=', input.purpose)
      .executeTakeFirst();
    if (!ok) throw badRequest('来访目的不正确');
  }
  if (input.receptionist !== undefined) {
    const ok = await ctx.db.selectFrom('users').select('id').where('id', '=', input.receptionist).executeTakeFirst();
    if (!ok) throw badRequest('接待人不存在');
  }
  const arrived = timeOf('到访时间', input.arrivedAt);
  const left = timeOf('离开时间', input.leftAt);
  if (left && left < arrived) throw badRequest('离开时间不能早于到访时间');
  const row = await ctx.db
    .insertInto('visitors')
    .values({
      name: input.name,
      mobile: input.mobile,
      company: input.company,
      purpose: input.purpose,
      receptionist_id: input.receptionist ?? actor.userId,
      arrived_at: arrived,
      left_at: left,
      remark: input.remark,
      customer_id: null,
      created_by: actor.userId,
      created_at: ctx.clock().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** visitorsTurn: the visitor becomes a customer awaiting assignment (no owner, outside the pool), with the visitor as primary contact. */
export async function turnVisitor(ctx: AppContext, actor: Actor, visitorId: number, sourceId: number | undefined): Promise<number> {
  const now = ctx.clock().toISOString();
  return transact(ctx, async (tx) => {
    const v = await tx.selectFrom('visitors').select(['id', 'name', 'mobile', 'company', 'customer_id']).where('id', '=', visitorId).executeTakeFirst();
    if (!v) throw notFound('访客不存在');
    if (v.customer_id !== null) throw badRequest('该访客已转为客户');
    const name = v.company || v.name;
    // Not when its company or mobile is already a customer's (or on the blacklist): customer-uniqueness.ts.
    await assertNoDuplicateCustomer(tx, actor, name, v.mobile);
    // Without a chosen source: the first one (the visitor came in person).
    const source = await tx
      .selectFrom('lead_sources')
      .select('id')
      .$if(sourceId !== undefined, (q) => q.where('id', '=', sourceId as number))
      .orderBy('sort_order')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!source) throw badRequest('客户来源不存在');
    // 待分配: no owner, outside the pool.
    const c = await tx
      .insertInto('customers')
      .values({
        code: null,
        customer_name: name,
        contact_name: v.name,
        contact_mobile: v.mobile,
        lai_yuan: source.id,
        level: '',
        industry: '',
        address: '',
        beizhu: '来自访客登记',
        owner_id: null,
        branch_id: actor.branchId,
        created_by: actor.userId,
        created_at: now,
        updated_at: now,
        genjin_time: '',
        next_genjin_time: '',
        clue: 1,
        gonghai: 0,
        is_top: 0,
        watch_user_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('contacts')
      .values({ customer_id: c.id, contact_name: v.name, mobile: v.mobile, wechat: '', qq: '', zhiwei: '', sex: '', is_primary: 1, created_at: now })
      .execute();
    await tx.updateTable('visitors').set({ customer_id: c.id }).where('id', '=', v.id).execute();
    const code = customerCode(c.id, new Date(now));
    await tx.updateTable('customers').set({ code }).where('id', '=', c.id).execute();
    await writeLogs(tx, actor.userId, now, [
      { customerId: c.id, kind: 'create', ext: `由访客 ${v.name} 转为客户（待分配）`, quoted: quote('customer', 'contact_name', v.name) },
    ]);
    return c.id;
  });
}
