/**
 * 黑名单 (issue #31): a blacklisted customer gets no new business records. Refused, with a Chinese message
 * naming what was refused and nothing written: an intake (进件, api/customer/EntryAudit), a follow-up
 * (CustomerTrackAdd), a new contact (api/contact/add), a task linked to the customer or to one of its
 * contracts (api/task/add). What stays allowed: opening it, correcting its data (editing it and its
 * existing contacts), moving it out of the blacklist; once out, records can be added again.
 */
import { DEMO, startServer, type TestServer } from './harness';

type Envelope<T = Record<string, unknown>> = { result: string; msg: string; data: T };

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

let s: TestServer;
const t = { admin: '', sales: '' };
/** 李娜's (sales1) customer that has a contract; blacklisted in beforeAll. */
let customerId = 0;
let contractId = 0;
let contactId = 0;
let file = { id: 0, url: '' };

const post = <T = Record<string, unknown>>(token: string, url: string, body: Record<string, unknown> = {}) => s.post<Envelope<T>>(url, body, { token });

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['intake_records', 'followups', 'contacts', 'tasks', 'wf_instances'] as const) {
    const row = await s.app.portal.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

beforeAll(async () => {
  s = await startServer();
  t.admin = await s.login(...DEMO.admin);
  t.sales = await s.login(...DEMO.sales);
  const db = s.app.portal.db;
  const row = await db
    .selectFrom('customers as c')
    .innerJoin('users as u', 'u.id', 'c.owner_id')
    .innerJoin('contracts as ct', 'ct.customer_id', 'c.id')
    .select(['c.id', 'ct.id as contract_id'])
    .where('u.username', '=', 'sales1')
    .where('c.gonghai', '=', 0)
    .where('c.blacklisted', '=', 0)
    .orderBy('c.id')
    .executeTakeFirstOrThrow();
  customerId = row.id;
  contractId = row.contract_id;
  contactId = (await db.selectFrom('contacts').select('id').where('customer_id', '=', customerId).orderBy('id').executeTakeFirstOrThrow()).id;
  const form = new FormData();
  form.append('code', 'blacklist-test');
  form.append('file', new Blob([new Uint8Array(PDF)]), '营业执照.pdf');
  const res = await fetch(`${s.url}/api/file/UploadFile`, { method: 'POST', headers: { authkey: t.sales }, body: form });
  const uploaded = (await res.json()) as Envelope<{ id: number; url: string }>;
  file = { id: uploaded.data.id, url: uploaded.data.url };
  expect((await post(t.admin, '/api/customer/AddBlacklist', { ids: String(customerId), reason: '虚假信息' })).body).toMatchObject({ result: 'success' });
});
afterAll(async () => {
  await s.close();
});

const intake = () => ({
  customerId,
  Money: '1000',
  riqi: '2026-11-20',
  files: JSON.stringify([{ id: file.id, url: file.url }]),
});

test('a blacklisted customer gets no intake, follow-up, contact or linked task; nothing is written', async () => {
  const before = await counts();
  const answers: unknown[] = [];
  const expected: unknown[] = [];
  const refused = async (url: string, body: Record<string, unknown>, msg: string) => {
    const res = await post(t.sales, url, body);
    answers.push({ url, status: res.status, msg: res.body.msg });
    expected.push({ url, status: 400, msg });
  };
  await refused('/api/customer/EntryAudit', intake(), '黑名单客户不能提交进件，请先移出黑名单');
  await refused('/api/customer/CustomerTrackAdd', { customerId, gjtype: 0, beizhu: '回访' }, '黑名单客户不能添加跟进记录，请先移出黑名单');
  await refused('/api/contact/add', { customerId, contactName: '新联系人', mobile: '13912345678' }, '黑名单客户不能新增联系人，请先移出黑名单');
  const me = (await s.app.portal.db.selectFrom('users').select('id').where('username', '=', 'sales1').executeTakeFirstOrThrow()).id;
  await refused('/api/task/add', { title: '回访', userid: me, modelType: 2, modelId: customerId }, '黑名单客户不能关联任务，请先移出黑名单');
  await refused('/api/task/add', { title: '催款', userid: me, modelType: 4, modelId: contractId }, '黑名单客户不能关联任务，请先移出黑名单');
  expect(answers).toEqual(expected);
  expect(await counts()).toEqual(before);
});

test('what stays allowed: opening it, correcting it and its contacts; out of the blacklist, records can be added again', async () => {
  expect((await post(t.admin, '/api/customer/Views', { id: customerId })).body).toMatchObject({ result: 'success', data: { blacklisted: 1 } });
  expect((await post(t.admin, '/api/contact/Edit', { id: contactId, contactName: '更正后的联系人', mobile: '13900000001' })).body).toMatchObject({
    result: 'success',
  });
  expect((await post(t.admin, '/api/customer/LeaveBlack', { ids: String(customerId) })).body).toMatchObject({ result: 'success' });
  expect((await post(t.sales, '/api/customer/CustomerTrackAdd', { customerId, gjtype: 0, beizhu: '回访' })).body).toMatchObject({ result: 'success' });
  expect((await post(t.sales, '/api/contact/add', { customerId, contactName: '新联系人', mobile: '13912345678' })).body).toMatchObject({ result: 'success' });
  expect((await post(t.sales, '/api/customer/EntryAudit', intake())).body).toMatchObject({ result: 'success', msg: '提交成功' });
});
