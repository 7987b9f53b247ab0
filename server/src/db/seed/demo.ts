import { seedApprovals } from './approvals';
import { seedIntakes } from './intakes';
import { sql } from 'kysely';
import { dialectOf, type Db, type DbOrTx } from '../database';
import { customerCode } from '../../modules/crm/customer/customer.service';
import { ROLE_ADMIN, ROLE_FINANCE, ROLE_MANAGER, ROLE_SALES } from '../../modules/system/role/seed-roles';
import { insertUser, seedConfiguration, type UserSeed } from './accounts';
import { FOLLOWUP_NOTES, JOB_TITLES, mobile, personName } from './chinese-data';
import { generateCustomer, type OwnerRef } from './customers';
import { createRng } from './prng';
import { seedTasksAndNotifications } from './tasks-notifications';
import { seedProductsAndContracts } from './products-contracts';
import { seedCustomerViews } from './customer-views-demo';
import { seedSystemAdmin } from './system-admin';

export const DEMO_SEED = 20261121;
export const DEMO_CUSTOMERS = 500;

/** The demo company: 华信科技有限公司 with 总部 (four departments) and 华东分公司 (its own sales department). */
async function seedBranches(db: DbOrTx): Promise<Record<string, number>> {
  const add = async (name: string, parent: number | null, attributes: number, order: number) =>
    (await db.insertInto('branches').values({ name, parent_id: parent, attributes, sort_order: order }).returning('id').executeTakeFirstOrThrow()).id;
  const company = await add('华信科技有限公司', null, 1, 0);
  const hq = await add('总部', company, 1, 0);
  const sales1 = await add('销售一部', hq, 2, 0);
  const sales2 = await add('销售二部', hq, 2, 1);
  const finance = await add('财务部', hq, 2, 2);
  const admin = await add('行政部', hq, 2, 3);
  const east = await add('华东分公司', company, 1, 1);
  const eastSales = await add('华东销售部', east, 2, 0);
  return { company, hq, sales1, sales2, finance, admin, east, eastSales };
}

function staff(b: Record<string, number>): UserSeed[] {
  const s = (n: number, nickName: string, branchId: number, quit = false): UserSeed => ({
    username: `sales${n}`,
    password: 'sales123',
    nickName,
    role: ROLE_SALES,
    branchId,
    quit,
  });
  return [
    { username: 'admin', password: 'admin123', nickName: '系统管理员', role: ROLE_ADMIN, branchId: b.admin },
    { username: 'manager1', password: 'manager123', nickName: '张伟', role: ROLE_MANAGER, branchId: b.sales1 },
    { username: 'manager2', password: 'manager123', nickName: '刘洋', role: ROLE_MANAGER, branchId: b.sales2 },
    { username: 'manager3', password: 'manager123', nickName: '陈静', role: ROLE_MANAGER, branchId: b.eastSales },
    { username: 'finance1', password: 'finance123', nickName: '王芳', role: ROLE_FINANCE, branchId: b.finance },
    { username: 'finance2', password: 'finance123', nickName: '杨丽', role: ROLE_FINANCE, branchId: b.finance },
    s(1, '李娜', b.sales1),
    s(2, '赵强', b.sales1),
    s(3, '孙敏', b.sales1),
    s(4, '周杰', b.sales1),
    s(5, '吴婷', b.sales2),
    s(6, '郑浩然', b.sales2),
    s(7, '黄晓东', b.sales2),
    s(8, '何欣怡', b.sales2),
    s(9, '林志强', b.eastSales),
    s(10, '罗海燕', b.eastSales),
    s(11, '梁思远', b.eastSales),
    s(12, '谢文博', b.eastSales),
    s(13, '徐磊', b.sales1, true),
    s(14, '马丹', b.sales2),
  ];
}

/**
 * 负责人 of each department and 上级 of each person (what the approval engine resolves approvers with),
 * with a mobile, an email and a job title: managers head the sales departments and report to admin,
 * 王芳 heads 财务部, admin heads 行政部.
 */
async function seedOrganisation(db: DbOrTx, b: Record<string, number>, users: (UserSeed & { id: number })[]): Promise<void> {
  const id = (username: string) => users.find((u) => u.username === username)?.id ?? null;
  const heads: [number, string][] = [
    [b.sales1, 'manager1'],
    [b.sales2, 'manager2'],
    [b.eastSales, 'manager3'],
    [b.finance, 'finance1'],
    [b.admin, 'admin'],
    [b.hq, 'admin'],
    [b.company, 'admin'],
  ];
  for (const [branch, head] of heads)
    await db
      .updateTable('branches')
      .set({ head_user_id: id(head) })
      .where('id', '=', branch)
      .execute();
  const headOf = new Map(heads.map(([branch, head]) => [branch, head]));
  let n = 0;
  for (const u of users) {
    n++;
    const superior = u.username === 'admin' ? null : u.role === ROLE_MANAGER || u.username === 'finance1' ? 'admin' : (headOf.get(u.branchId ?? -1) ?? 'admin');
    const jobTitle =
      u.role === ROLE_ADMIN
        ? '总经理'
        : u.role === ROLE_MANAGER
          ? '销售经理'
          : u.role === ROLE_FINANCE
            ? u.username === 'finance1'
              ? '财务主管'
              : '会计'
            : '销售代表';
    await db
      .updateTable('users')
      .set({
        superior_id: superior ? id(superior) : null,
        mobile: `1380013${String(8000 + n).padStart(4, '0')}`,
        email: `${u.username}@huaxin.example.cn`,
        job_title: jobTitle,
      })
      .where('id', '=', u.id)
      .execute();
  }
}

/** On PostgreSQL, moves the id sequences past rows inserted with explicit ids. */
export async function syncIdSequences(db: DbOrTx, tables: string[]): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const t of tables) {
    await sql`SELECT setval(pg_get_serial_sequence(${t}, 'id'), GREATEST((SELECT COALESCE(MAX(id), 0) FROM ${sql.table(t)}), 1))`.execute(db);
  }
}

/** Demo data: company, roles, ~20 staff, lead sources and 500 customers with contacts, follow-ups, participants. */
export async function seedDemo(db: Db, now: Date, uploadDir?: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const roles = await seedConfiguration(tx);
    const branches = await seedBranches(tx);
    const createdAt = new Date(now.getTime() - 400 * 86400_000).toISOString();
    const users: (UserSeed & { id: number })[] = [];
    for (const u of staff(branches)) users.push({ ...u, id: await insertUser(tx, roles, u, createdAt) });
    await seedOrganisation(tx, branches, users);
    const sources = (await tx.selectFrom('lead_sources').select('id').orderBy('id').execute()).map((r) => r.id);
    const owners: OwnerRef[] = users.filter((u) => u.role === ROLE_SALES || u.role === ROLE_MANAGER).map((u) => ({ id: u.id, branchId: u.branchId }));
    await seedCustomers(tx, { count: DEMO_CUSTOMERS, owners, sources, now, seed: DEMO_SEED, firstId: 1, withDetails: true });
    await seedTasksAndNotifications(tx, { now, users });
    await seedProductsAndContracts(tx, { now, seed: DEMO_SEED + 5 });
    await seedCustomerViews(tx, { now, receptionistIds: users.filter((u) => u.role === ROLE_SALES && !u.quit).map((u) => u.id) });
    await seedSystemAdmin(tx, { now, users, branches });
    // 字段权限 on first start: 财务 sees customers' 手机号码 masked (138****5678). 财务 is the role the
    // end-to-end and server tests read no customer phones as; the role editor shows the rule.
    await tx
      .insertInto('role_field_masks')
      .values({ role_id: roles.get(ROLE_FINANCE) as number, module: 'customer', field: 'contact_mobile', mode: 'mask' })
      .execute();
    // A second public pool for 华东分公司 (migration 033), with its own claim limit. Seeded empty: the
    // server tests count every demo pool customer as one in 默认公海 (visible to every salesperson);
    // 华东 customers sent to the pool or recycled from now on go there.
    const at = now.toISOString();
    await tx
      .insertInto('public_pools')
      .values({
        name: '华东公海',
        branch_ids: JSON.stringify([branches.east]),
        user_ids: '[]',
        no_followup_days: null,
        no_deal_days: null,
        claim_limit_per_day: 5,
        reclaim_wait_days: null,
        enabled: 1,
        sort: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
  });
  // Approvals run through the engine (its own transactions, with notifications), after the organisation exists.
  await seedApprovals(db, now);
  await seedIntakes(db, now, uploadDir);
}

type CustomerBatchOptions = { count: number; owners: OwnerRef[]; sources: number[]; now: Date; seed: number; firstId: number; withDetails: boolean };

/** Inserts customers with explicit ids, their primary contacts, and (demo) extra contacts, follow-ups and participants. */
export async function seedCustomers(db: DbOrTx, o: CustomerBatchOptions): Promise<void> {
  const rng = createRng(o.seed);
  const nowMs = o.now.getTime();
  for (let start = 0; start < o.count; start += 200) {
    const customers = [];
    const contacts = [];
    const followups = [];
    const participants = [];
    for (let i = start; i < Math.min(o.count, start + 200); i++) {
      const id = o.firstId + i;
      const c = generateCustomer(rng, o.owners, o.sources, nowMs);
      c.code = customerCode(id, new Date(c.created_at));
      customers.push({ id, ...c });
      contacts.push({
        customer_id: id,
        contact_name: c.contact_name,
        mobile: c.contact_mobile,
        wechat: '',
        qq: '',
        zhiwei: rng.pick(JOB_TITLES),
        sex: rng.pick(['男', '女']),
        is_primary: 1,
        created_at: c.created_at,
      });
      if (!o.withDetails) continue;
      for (let k = rng.int(0, 2); k > 0; k--) {
        contacts.push({
          customer_id: id,
          contact_name: personName(rng),
          mobile: mobile(rng),
          wechat: rng.chance(0.5) ? `wx_${rng.int(10000, 99999)}` : '',
          qq: rng.chance(0.3) ? String(rng.int(10000000, 999999999)) : '',
          zhiwei: rng.pick(JOB_TITLES),
          sex: rng.pick(['男', '女']),
          is_primary: 0,
          created_at: c.created_at,
        });
      }
      if (c.genjin_time) {
        const last = Date.parse(c.genjin_time);
        const first = Date.parse(c.created_at);
        const n = rng.int(1, 4);
        for (let k = 0; k < n; k++) {
          const at = new Date(k === 0 ? last : first + Math.floor(rng.next() * (last - first))).toISOString();
          followups.push({ customer_id: id, genjin_time: at, gjtype: rng.int(0, 5), beizhu: rng.pick(FOLLOWUP_NOTES), created_by: c.owner_id, created_at: at });
        }
      }
      if (c.owner_id !== null && rng.chance(0.15)) {
        const other = rng.pick(o.owners);
        if (other.id !== c.owner_id) participants.push({ customer_id: id, user_id: other.id });
      }
    }
    await db.insertInto('customers').values(customers).execute();
    await db.insertInto('contacts').values(contacts).execute();
    if (followups.length > 0) await db.insertInto('followups').values(followups).execute();
    if (participants.length > 0) await db.insertInto('customer_participants').values(participants).execute();
  }
  await syncIdSequences(db, ['customers', 'contacts', 'followups']);
}
