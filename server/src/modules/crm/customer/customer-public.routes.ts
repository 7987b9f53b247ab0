/**
 * 客户查询 (crm/customer/search, no login) and 访客登记 (crm/customer/fangke).
 *
 * The public search answers only for an exact full customer name or full phone number: whether the
 * customer exists, its owner masked (张*) and department, whether it is in the pool or blacklisted,
 * and the date of the last follow-up; never contact data. Each IP may search a few times a minute
 * (throttle_counters); every search is logged. A logged-in user within scope gets the fuller row.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../../app-context';
import { transact } from '../../../db/transact';
import { can, type ActorResolver, tokenOf } from '../../../http/auth';
import { badRequest, notFound, tooManyRequests } from '../../../http/errors';
import { success } from '../../../http/envelope';
import { Fields, Id, Integer, MAX_ID, Paging, RequiredText, Text } from '../../../http/input-fields';
import { defineRoute, mountRoutes } from '../../../http/route';
import { formatShanghai, parseShanghaiDateTime } from '../../../lib/time';
import type { Actor } from '../../auth/session/actor';
import { countAttempt } from '../../auth/session/login-throttle';
import { loadBranchIndex } from '../../system/branch/branch-index';
import { visibleCustomerCondition } from './customer-access';
import { memberPoolIds } from '../pool/public-pools';
import { quote, writeLogs } from './customer-log';
import { customerCode } from './customer.service';
import { applyRules, maskCarried, NO_RULES, rulesFor } from '../../system/field-mask/field-mask';

export const PUBLIC_SEARCH_LIMIT = { windowMinutes: 1, max: 10 } as const;
export const MSG_SEARCH_THROTTLED = '查询过于频繁，请一分钟后再试';
export const MSG_SEARCH_EXACT = '请输入完整的客户名称或手机号码';

/** 张伟 → 张*, 欧阳娜娜 → 欧***. */
export function maskName(name: string): string {
  const chars = [...name];
  return chars.length === 0 ? '' : chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}

type SearchRow = { exists: boolean; owner: string; department: string; inPool: boolean; blacklisted: boolean; lastFollowup: string; id?: number; CustomerName?: string; contact_name?: string; contact_mobile?: string };

async function publicSearch(ctx: AppContext, actor: Actor | null, ip: string, key: string): Promise<SearchRow[]> {
  const count = await countAttempt(ctx, { key: `public-search:${ip}`, kind: 'public-search', ip }, PUBLIC_SEARCH_LIMIT.windowMinutes);
  if (count > PUBLIC_SEARCH_LIMIT.max) throw tooManyRequests(MSG_SEARCH_THROTTLED);
  const isPhone = /^[0-9+\-]{7,20}$/.test(key);
  if (!isPhone && [...key].length < 2) throw badRequest(MSG_SEARCH_EXACT);
  // Exact, indexed matches only (customers_name, customers_mobile, contacts_mobile).
  let q = ctx.db
    .selectFrom('customers as c')
    .leftJoin('users as u', 'u.id', 'c.owner_id')
    .leftJoin('branches as b', 'b.id', 'c.branch_id')
    .select(['c.id', 'c.customer_name', 'c.contact_name', 'c.contact_mobile', 'c.gonghai', 'c.blacklisted', 'c.genjin_time', 'u.nick_name', 'b.name as branch_name'])
    .where('c.clue', 'in', [1, 2, 3])
    .where('c.merged_into', 'is', null);
  q = isPhone
    ? q.where((eb) => eb.or([eb('c.contact_mobile', '=', key), eb('c.id', 'in', eb.selectFrom('contacts').select('customer_id').where('mobile', '=', key))]))
    : q.where('c.customer_name', '=', key);
  const rows = await q.orderBy('c.id').limit(5).execute();
  let visible = new Set<number>();
  if (actor && rows.length > 0) {
    const branches = await loadBranchIndex(ctx.db);
    const pools = await memberPoolIds(ctx.db, actor, branches);
    const v = await ctx.db.selectFrom('customers as c').select('c.id').where('c.id', 'in', rows.map((r) => r.id)).where(visibleCustomerCondition(actor, branches, pools)).execute();
    visible = new Set(v.map((r) => r.id));
  }
  // 字段权限: the fuller row a logged-in user gets is masked as in the list (the search itself is exact).
  const masks = actor && visible.size > 0 ? await rulesFor(ctx.db, actor, 'customer') : NO_RULES;
  await ctx.db.insertInto('customer_search_logs').values({ ip: ip.slice(0, 64), user_id: actor?.userId ?? null, query: key.slice(0, 100), found: rows.length, created_at: ctx.clock().toISOString() }).execute();
  return rows.map((r) => {
    const base: SearchRow = {
      exists: true,
      owner: r.gonghai === 1 ? '' : maskName(r.nick_name ?? ''),
      department: r.gonghai === 1 ? '' : (r.branch_name ?? ''),
      inPool: r.gonghai === 1,
      blacklisted: r.blacklisted === 1,
      lastFollowup: formatShanghai(r.genjin_time).slice(0, 10),
    };
    if (!visible.has(r.id)) return base;
    return applyRules({ ...base, owner: r.nick_name ?? '', id: r.id, CustomerName: r.customer_name, contact_name: r.contact_name, contact_mobile: r.contact_mobile }, masks, 'customer');
  });
}

const VISITORS = can('crm', 'customer/fangke');
const VisitorFields = {
  name: RequiredText('访客姓名', 50, { messages: { missing: '访客姓名不能为空' } }),
  mobile: RequiredText('手机号码', 30, { pattern: '^[0-9+\\- ]{5,30}$', messages: { missing: '手机号码不能为空', invalid: '手机号码格式不正确' } }),
  company: Text('公司名称', 100),
  purpose: Text('来访目的', 50),
  receptionist: Type.Optional(Integer('接待人', { min: 1, max: MAX_ID }, { messages: { invalid: '接待人不存在' } })),
  arrivedAt: RequiredText('到访时间', 30, { messages: { missing: '请选择到访时间' } }),
  leftAt: Text('离开时间', 30),
  remark: Text('备注', 300),
};

function timeOf(label: string, text: string): string {
  if (!text) return '';
  const t = parseShanghaiDateTime(text);
  if (!t) throw badRequest(`${label}格式不正确`);
  return t;
}

export function registerCustomerPublicRoutes(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): void {
  mountRoutes(app, resolve, [
    defineRoute({
      method: 'POST',
      url: '/api/customer/GetsearchKh',
      summary: '客户查询（无需登录）：仅完整客户名称或完整手机号；回答是否存在、负责人（脱敏）和部门、是否在公海/黑名单、最后跟进日期；每个IP每分钟限10次',
      tag: 'crm',
      access: 'public',
      record: 'none',
      input: Fields({ key: RequiredText('查询内容', 100, { messages: { missing: MSG_SEARCH_EXACT } }) }),
      handler: async ({ input, request }) => {
        // A logged-in caller (optional) gets fuller rows within scope.
        const token = tokenOf(request);
        const resolved = token ? await resolve(token) : 'invalid';
        const actor = resolved === 'invalid' ? null : resolved;
        const rows = await publicSearch(ctx, actor, request.ip, input.key);
        return success(rows.length > 0 ? '查询成功' : '未找到该客户', { rows, total: rows.length });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/customer/visitorsIndex',
      summary: '访客登记列表（到访日期筛选、关键字；按手机号匹配客户）',
      tag: 'crm',
      access: VISITORS,
      record: 'none',
      input: Fields({ ...Paging(10), key: Text('关键字', 50), from: Text('开始日期', 10), to: Text('结束日期', 10) }),
      handler: async ({ input, actor }) => {
        let q = ctx.db.selectFrom('visitors as v');
        if (input.from) q = q.where('v.arrived_at', '>=', timeOf('开始日期', `${input.from} 00:00`));
        if (input.to) q = q.where('v.arrived_at', '<=', timeOf('结束日期', `${input.to} 23:59`));
        if (input.key) q = q.where((eb) => eb.or([eb('v.name', '=', input.key), eb('v.mobile', '=', input.key), eb('v.company', '=', input.key)]));
        const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
        const rows = await q
          .leftJoin('users as r', 'r.id', 'v.receptionist_id')
          .leftJoin('customers as c', (j) => j.onRef('c.contact_mobile', '=', 'v.mobile'))
          .select(['v.id', 'v.name', 'v.mobile', 'v.company', 'v.purpose', 'v.arrived_at', 'v.left_at', 'v.remark', 'v.customer_id', 'r.nick_name as receptionist', 'c.id as matched_id', 'c.customer_name as matched_name'])
          .orderBy('v.arrived_at', 'desc')
          .orderBy('v.id', 'desc')
          .limit(input.rows)
          .offset((input.page - 1) * input.rows)
          .execute();
        const seen = new Set<number>();
        // 字段权限: the matched customer's name by the viewer's 客户名称 rule, and the visitor's mobile, which
        // is then that customer's 手机号码, by the 手机号码 rule; an unmatched visitor's data is the visit's own.
        const customerRules = await rulesFor(ctx.db, actor, 'customer');
        return {
          total,
          rows: rows
            .filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)))
            .map((r) => ({
              id: r.id,
              name: r.name,
              mobile: maskCarried(customerRules, 'customer', 'contact_mobile', r.mobile, (r.customer_id ?? r.matched_id) !== null),
              company: r.company,
              purpose: r.purpose,
              receptionist: r.receptionist ?? '',
              arrivedAt: formatShanghai(r.arrived_at),
              leftAt: formatShanghai(r.left_at),
              remark: r.remark,
              customerId: r.customer_id ?? r.matched_id ?? 0,
              customerName: maskCarried(customerRules, 'customer', 'CustomerName', r.matched_name ?? ''),
            })),
        };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/customer/visitorsAdd',
      summary: '登记访客（来访目的来自字典 visit_purpose）',
      tag: 'crm',
      access: can('crm', 'customer/fangke:create'),
      record: 'none',
      input: Fields(VisitorFields),
      handler: async ({ input, actor }) => {
        if (input.purpose) {
          const ok = await ctx.db.selectFrom('dict_values').select('id').where('type_code', '=', 'visit_purpose').where('value', '=', input.purpose).executeTakeFirst();
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
        return success('登记成功', { id: row.id });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/customer/visitorsTurn',
      summary: '访客转为客户（进入待分配客户）',
      tag: 'crm',
      access: can('crm', 'customer/fangke:edit'),
      record: 'none',
      input: Fields({ id: Id('访客', { messages: { invalid: '访客不存在' } }), LaiYuan: Type.Optional(Id('客户来源', { messages: { invalid: '客户来源不存在' } })) }),
      handler: async ({ input, actor }) => {
        const now = ctx.clock().toISOString();
        const id = await transact(ctx, async (tx) => {
          const v = await tx.selectFrom('visitors').select(['id', 'name', 'mobile', 'company', 'customer_id']).where('id', '=', input.id).executeTakeFirst();
          if (!v) throw notFound('访客不存在');
          if (v.customer_id !== null) throw badRequest('该访客已转为客户');
          const existing = await tx.selectFrom('customers').select(['id', 'blacklisted']).where('contact_mobile', '=', v.mobile).executeTakeFirst();
          if (existing) throw badRequest(existing.blacklisted ? '该手机号码的客户在黑名单中' : '该手机号码已是客户');
          // Without a chosen source: the first one (the visitor came in person).
          const source = await tx
            .selectFrom('lead_sources')
            .select('id')
            .$if(input.LaiYuan !== undefined, (q) => q.where('id', '=', input.LaiYuan as number))
            .orderBy('sort_order')
            .orderBy('id')
            .limit(1)
            .executeTakeFirst();
          if (!source) throw badRequest('客户来源不存在');
          const name = v.company || v.name;
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
          await tx.insertInto('contacts').values({ customer_id: c.id, contact_name: v.name, mobile: v.mobile, wechat: '', qq: '', zhiwei: '', sex: '', is_primary: 1, created_at: now }).execute();
          await tx.updateTable('visitors').set({ customer_id: c.id }).where('id', '=', v.id).execute();
          const code = customerCode(c.id, new Date(now));
          await tx.updateTable('customers').set({ code }).where('id', '=', c.id).execute();
          await writeLogs(tx, actor.userId, now, [{ customerId: c.id, kind: 'create', ext: `由访客 ${v.name} 转为客户（待分配）`, quoted: quote('customer', 'contact_name', v.name) }]);
          return c.id;
        });
        return success('已转为客户，进入待分配客户', { id });
      },
    }),
  ]);
}
