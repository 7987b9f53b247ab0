/**
 * The record matrix: every registered route whose input names someone's record (an Id / Ids field of an
 * owned record, as record-policy.ts recognises them: 客户, 联系人, 合同, 进件, 审批, 报销单, 任务 …), called
 * as each demo role holding the route's right, with an id outside that role's reach in that field:
 * another department's record (华东销售部's, where the role's scope or rights do not reach it) and an id
 * that does not exist. Every call is refused, 403 or 404 in the envelope, no table changes and the
 * record itself stays as it was. On a list (`record: 'list'`) or one's own data (`'self'`) such an id is
 * only a filter: the call may succeed, but the record is neither listed nor changed.
 * The routes and their fields come from the registry, not from a list kept here, so a new route is in
 * the matrix the day it exists; the records out of reach are chosen here, from the data, not by asking
 * the policies.
 */
import { sql } from 'kysely';
import { ownedRecordFields } from '../src/http/record-policy';
import type { RegisteredRoute } from '../src/http/route-registry';
import type { PermissionTree } from '../src/modules/system/role/permission-tree';
import { DEMO, startServer, type TestServer } from './harness';
import { callRoute, inBatches, sample, tableCounts } from './route-probe';

type Identity = keyof typeof DEMO;
const IDENTITIES: Identity[] = ['admin', 'manager', 'sales', 'finance'];
const NO_SUCH_ID = 2_000_000_000;

let s: TestServer;
const tokens: Partial<Record<Identity, string>> = {};
const trees: Partial<Record<Identity, PermissionTree>> = {};
/** label → a record of 华东销售部's sales9, and the identities it is out of reach for. */
const foreign = new Map<string, { id: number; outOfReachFor: Identity[] }>();
/** The table each kind of record lives in (to see that the record itself is unchanged). */
const TABLE_OF: Record<string, string> = {
  客户: 'customers',
  保留的客户: 'customers',
  被合并的客户: 'customers',
  线索: 'customers',
  联系人: 'contacts',
  合同: 'contracts',
  审批: 'wf_instances',
  审批步骤: 'wf_steps',
  报销单: 'expense_claims',
  进件: 'intake_records',
  任务: 'tasks',
  消息: 'notifications',
  文件: 'files',
  记录: 'module_records',
};

const db = () => s.app.portal.db;
const userId = async (username: string) => (await db().selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

/**
 * Records of sales9 (华东销售部) and what reaches them: the data scopes of 销售经理 (销售一部) and 销售
 * (own) do not; 超级管理员 and 财务 see all data; 全部审批 (manager, finance, admin) opens every approval,
 * and with it the expense claims and intake records under review. Tasks, files, notifications and
 * custom form records are their people's alone (form records: and the form administrator's).
 */
async function chooseForeignRecords(): Promise<void> {
  const sales9 = await userId('sales9');
  const sales10 = await userId('sales10');
  const sales1 = await userId('sales1');
  const now = new Date().toISOString();
  const customer = await db()
    .selectFrom('customers')
    .select('id')
    .where('owner_id', '=', sales9)
    .where('gonghai', '=', 0)
    .where('clue', '=', 1)
    .executeTakeFirstOrThrow();
  const lead = await db().selectFrom('customers').select('id').where('owner_id', '=', sales9).where('gonghai', '=', 0).executeTakeFirstOrThrow();
  const byScope: Identity[] = ['manager', 'sales'];
  for (const label of ['客户', '保留的客户', '被合并的客户']) foreign.set(label, { id: customer.id, outOfReachFor: byScope });
  foreign.set('线索', { id: lead.id, outOfReachFor: byScope });
  let contact = await db().selectFrom('contacts').select('id').where('customer_id', '=', customer.id).executeTakeFirst();
  contact ??= await db()
    .insertInto('contacts')
    .values({
      customer_id: customer.id,
      contact_name: '华东联系人',
      mobile: '13900009999',
      wechat: '',
      qq: '',
      zhiwei: '',
      sex: '',
      is_primary: 0,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  foreign.set('联系人', { id: contact.id, outOfReachFor: byScope });
  const contract = await db().selectFrom('contracts').select('id').where('owner_id', '=', sales9).executeTakeFirstOrThrow();
  foreign.set('合同', { id: contract.id, outOfReachFor: byScope });

  // An approval sales1 takes no part in (submitted by sales9, no step or cc of sales1's).
  const instance = await db()
    .selectFrom('wf_instances as i')
    .select(['i.id'])
    .where('i.submitter_id', '=', sales9)
    .where(sql<boolean>`not exists (select 1 from wf_steps st where st.instance_id = i.id and st.user_id = ${sales1})`)
    .where(sql<boolean>`not exists (select 1 from wf_cc cc where cc.instance_id = i.id and cc.user_id = ${sales1})`)
    .executeTakeFirstOrThrow();
  const step = await db().selectFrom('wf_steps').select('id').where('instance_id', '=', instance.id).where('user_id', '<>', sales1).executeTakeFirstOrThrow();
  const byApprovals: Identity[] = ['sales'];
  foreign.set('审批', { id: instance.id, outOfReachFor: byApprovals });
  foreign.set('审批步骤', { id: step.id, outOfReachFor: byApprovals });
  const claim = await db()
    .insertInto('expense_claims')
    .values({
      type: 1,
      title: '华东差旅',
      total_cents: 10000,
      riqi: '2026-11-01',
      branch_id: null,
      project: '',
      pictures: '',
      beizhu: '',
      status: 0,
      instance_id: null,
      created_by: sales9,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  foreign.set('报销单', { id: claim.id, outOfReachFor: ['manager', 'sales', 'finance'] });
  const intake = await db()
    .insertInto('intake_records')
    .values({
      entry_sn: 'JJ-MATRIX-1',
      customer_id: customer.id,
      contract_id: null,
      money_cents: 100,
      riqi: '2026-11-01',
      files: '',
      beizhu: '',
      status: 0,
      instance_id: null,
      owner_id: sales9,
      branch_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  foreign.set('进件', { id: intake.id, outOfReachFor: ['manager', 'sales'] });

  const everyone: Identity[] = ['admin', 'manager', 'sales', 'finance'];
  const task = await db()
    .insertInto('tasks')
    .values({
      title: '华东的任务',
      cont: '',
      status: 0,
      type: 1,
      grade: '',
      end_time: '',
      created_by: sales9,
      assignee_id: sales10,
      model_id: null,
      model_type: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  foreign.set('任务', { id: task.id, outOfReachFor: everyone });
  const note = await db()
    .insertInto('notifications')
    .values({ user_id: sales9, cont: '华东的消息', kind: 'task', model_id: null, created_at: now, read_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  foreign.set('消息', { id: note.id, outOfReachFor: everyone });
  const file = await db()
    .insertInto('files')
    .values({
      stored_name: 'matrix0000.txt',
      original_name: '华东.txt',
      url: '/files/matrix0000.txt',
      format: 'txt',
      mime: 'text/plain',
      size_bytes: 1,
      is_image: 0,
      user_id: sales9,
      model_id: 0,
      pic_type: '',
      code: '',
      user_type: '',
      category_id: 0,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  foreign.set('文件', { id: file.id, outOfReachFor: everyone });
  const form = await db().selectFrom('forms').select('id').executeTakeFirstOrThrow();
  const record = await db()
    .insertInto('module_records')
    .values({ form_id: form.id, data: '{}', created_by: sales9, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  foreign.set('记录', { id: record.id, outOfReachFor: ['manager', 'sales', 'finance'] });
}

beforeAll(async () => {
  // The timed jobs (approval timeouts, follow-up reminders) would write between the counts compared here.
  s = await startServer({ scheduledJobs: false });
  s.app.compileAllValidators();
  for (const who of IDENTITIES) {
    const [username, password] = DEMO[who];
    const res = await s.post<{ data: { LoginToken: string }; model: PermissionTree }>('/api/user/login', { username, password });
    tokens[who] = res.body.data.LoginToken;
    trees[who] = res.body.model;
  }
  await chooseForeignRecords();
});
afterAll(async () => {
  await s.close();
});

type Probe = { route: RegisteredRoute; who: Identity; field: string; label: string; id: number };
const describeProbe = (p: Probe) => `${p.route.method} ${p.route.url} as ${p.who}, ${p.field} (${p.label}) = ${p.id}`;

const mayCall = (route: RegisteredRoute, who: Identity): boolean => {
  const access = route.declaration.access;
  if (access === 'public' || access === 'login') return true;
  const tree = trees[who];
  return tree !== undefined && access.allows(tree);
};

/** The routes naming owned records, with those fields. */
const recordRoutes = () =>
  s.app
    .registeredRoutes()
    .map((route) => ({ route, fields: ownedRecordFields(route.declaration.input) }))
    .filter((r) => r.fields.length > 0);

function probesOf(route: RegisteredRoute, fields: { field: string; label: string }[]): Probe[] {
  return IDENTITIES.filter((who) => mayCall(route, who)).flatMap((who) =>
    fields.flatMap(({ field, label }) => {
      const record = foreign.get(label);
      const ids = [NO_SUCH_ID, ...(record && record.outOfReachFor.includes(who) ? [record.id] : [])];
      return ids.map((id) => ({ route, who, field, label, id }));
    }),
  );
}

/** The route's sample body with `field` naming the record (a list field gets a one-item list). */
function bodyOf(p: Probe): Record<string, unknown> {
  const input = p.route.declaration.input;
  const body = { ...(sample(input) as Record<string, unknown>) };
  const schema = input?.properties?.[p.field] as { type?: string } | undefined;
  body[p.field] = schema?.type === 'array' ? [p.id] : p.id;
  return body;
}

const figures = { routes: 0, probes: 0 };

/** The foreign records as they are now, to compare after the calls. */
async function foreignRows(): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const [label, record] of foreign) {
    const table = TABLE_OF[label];
    out.push(table ? await sql`select * from ${sql.table(table)} where id = ${record.id}`.execute(db()).then((r) => r.rows) : null);
  }
  return out;
}

async function refusals(probes: Probe[]): Promise<string[]> {
  const failures: string[] = [];
  const [before, records] = [await tableCounts(s), await foreignRows()];
  await inBatches(
    probes.map((p) => async () => {
      const res = await callRoute(s, p.route, tokens[p.who], bodyOf(p));
      const rule = p.route.declaration.record;
      if (rule === 'list' || rule === 'self') {
        // A filter: refused, or answered without the record.
        const listed = res.status === 200 && JSON.stringify(res.body).includes(`"id":${p.id}`);
        if (listed) failures.push(`${describeProbe(p)}: a filter outside the caller's reach listed the record`);
        return;
      }
      // A claim of a customer no longer in a pool answers 409 (the race loser's 已被领取): refused too.
      const refused = [403, 404].includes(res.status) || (res.status === 409 && p.route.url === '/api/customer/receive');
      if (!refused || res.body?.result !== 'error')
        failures.push(`${describeProbe(p)}: expected 403/404, got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }),
  );
  expect(await tableCounts(s)).toEqual(before);
  expect(await foreignRows()).toEqual(records);
  return failures;
}

test('every route naming an owned record is in the matrix, with a record of another department for each kind of record', () => {
  const routes = recordRoutes();
  const labels = new Set(routes.flatMap((r) => r.fields.map((f) => f.label)));
  console.log(`record matrix: ${routes.length} routes naming records (${[...labels].join('、')})`);
  expect(routes.length).toBeGreaterThan(50);
  for (const label of labels) expect([label, foreign.has(label), label in TABLE_OF]).toEqual([label, true, true]);
});

const PARTS = 4;
test.each(Array.from({ length: PARTS }, (_, i) => i + 1))(
  'routes naming records, part %i: an id outside the caller’s reach is refused 403/404 and writes nothing',
  async (part) => {
    const routes = recordRoutes();
    const size = Math.ceil(routes.length / PARTS);
    const slice = routes.slice((part - 1) * size, part * size);
    const probes = slice.flatMap((r) => probesOf(r.route, r.fields));
    figures.routes += slice.length;
    figures.probes += probes.length;
    expect(await refusals(probes)).toEqual([]);
    if (part === PARTS) console.log(`record matrix: ${figures.routes} routes, ${figures.probes} calls refused`);
  },
);
