/**
 * Issue 12 item 1: a file belongs to a record. Attachments of a customer are listed and served only
 * to those who may open the customer; every other file to its uploader and administrators; serving
 * needs a login (the authkey header, or a short-lived signed URL handed out by the API).
 */
import { DEMO, startServer, type TestServer } from './harness';

type FileReply = { id: number; url: string; signedUrl: string; FileName: string };
type Envelope<T = Record<string, unknown>> = { result: string; msg: string; data: T };
type FileList = { rows: FileReply[]; total: number };

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 3)]);

let s: TestServer;
const t = { admin: '', manager: '', sales: '', sales2: '' };
let foreignCustomer = 0; // another department's customer: sales1 and manager1 may not open it
let ownCustomer = 0; // owned by sales1
let foreignFile: FileReply;
let ownCustomerFile: FileReply;
let formFile: FileReply;

async function upload(token: string, fields: Record<string, string | number>, name = '现场.png'): Promise<FileReply> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  form.append('file', new Blob([new Uint8Array(PNG)]), name);
  const res = await fetch(`${s.url}/api/file/UploadFile`, { method: 'POST', headers: { authkey: token }, body: form });
  const body = (await res.json()) as Envelope<FileReply>;
  if (body.result !== 'success') throw new Error(body.msg);
  return body.data;
}

const listFiles = (token: string, body: Record<string, unknown>) => s.post<FileList>('/api/file/list', body, { token });

beforeAll(async () => {
  s = await startServer();
  t.admin = await s.login(...DEMO.admin);
  t.manager = await s.login(...DEMO.manager);
  t.sales = await s.login(...DEMO.sales);
  t.sales2 = await s.login('sales2', 'sales123');
  const db = s.app.portal.db;
  const sales1 = await db.selectFrom('users').select(['id', 'branch_id']).where('username', '=', 'sales1').executeTakeFirstOrThrow();
  const foreign = await db
    .selectFrom('customers')
    .select('id')
    .where('gonghai', '=', 0)
    .where('branch_id', '!=', sales1.branch_id ?? 0)
    .where('id', 'not in', db.selectFrom('customer_participants').select('customer_id').where('user_id', '=', sales1.id))
    .orderBy('id')
    .executeTakeFirstOrThrow();
  foreignCustomer = foreign.id;
  ownCustomer = (
    await db.selectFrom('customers').select('id').where('owner_id', '=', sales1.id).where('gonghai', '=', 0).orderBy('id').executeTakeFirstOrThrow()
  ).id;
  foreignFile = await upload(t.admin, { picType: 'customer', modelId: foreignCustomer }, '外部门客户合同.png');
  ownCustomerFile = await upload(t.admin, { picType: 'customer', modelId: ownCustomer }, '自己客户的资料.png');
  formFile = await upload(t.sales2, { code: 'form-xyz', picType: 'file' }, '表单附件.png');
});
afterAll(async () => {
  await s.close();
});

describe('listing attachments follows the record’s access check', () => {
  test('a customer sales1 may not open: Views 403, and its files are not listed (same answer as a customer without files)', async () => {
    expect((await s.post('/api/customer/Views', { id: foreignCustomer }, { token: t.sales })).status).toBe(403);
    const res = await listFiles(t.sales, { picType: 'customer', modelId: foreignCustomer });
    expect(res.body).toEqual({ rows: [], total: 0 });
    const unknown = await listFiles(t.sales, { picType: 'customer', modelId: 99_999_999 });
    expect(unknown.body).toEqual(res.body);
    // Without picType, and by walking ids: nothing either.
    for (const modelId of [foreignCustomer, foreignCustomer + 1, foreignCustomer + 2]) {
      expect((await listFiles(t.sales, { modelId })).body.total).toBe(0);
    }
    // The department manager of another department does not see it either; the administrator does.
    expect((await listFiles(t.manager, { picType: 'customer', modelId: foreignCustomer })).body.total).toBe(0);
    const admin = await listFiles(t.admin, { picType: 'customer', modelId: foreignCustomer });
    expect(admin.body.rows.map((r) => r.id)).toEqual([foreignFile.id]);
  });

  test('the owner of a customer sees its attachments, whoever uploaded them', async () => {
    const res = await listFiles(t.sales, { picType: 'customer', modelId: ownCustomer });
    expect(res.body.rows.map((r) => r.id)).toEqual([ownCustomerFile.id]);
    expect(res.body.rows[0].signedUrl).toMatch(/^\/files\/[0-9a-f]{32}\.png\?exp=\d+&u=\d+&sig=[\w-]+$/);
  });

  test('files of records without a check of their own: the uploader and administrators only', async () => {
    expect((await listFiles(t.sales2, { code: 'form-xyz' })).body.total).toBe(1);
    expect((await listFiles(t.admin, { code: 'form-xyz' })).body.total).toBe(1);
    expect((await listFiles(t.sales, { code: 'form-xyz' })).body).toEqual({ rows: [], total: 0 });
    expect((await listFiles(t.manager, { code: 'form-xyz' })).body.total).toBe(0);
  });
});

describe('serving /files/<name> needs a login and the same check', () => {
  test('no login: 401; a logged-in user who may not see it: 404, like a missing file', async () => {
    const anonymous = await fetch(s.url + foreignFile.url);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as Envelope).msg).toContain('登陆');
    expect((await fetch(s.url + foreignFile.url, { headers: { authkey: t.sales } })).status).toBe(404);
    expect((await fetch(s.url + formFile.url, { headers: { authkey: t.sales } })).status).toBe(404);
    const allowed = await fetch(s.url + foreignFile.url, { headers: { authkey: t.admin } });
    expect(allowed.status).toBe(200);
    expect(Buffer.from(await allowed.arrayBuffer())).toEqual(PNG);
  });

  test('a signed URL works without header, for its user, until it expires; a forged or moved one does not', async () => {
    const signed = foreignFile.signedUrl;
    const ok = await fetch(s.url + signed);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(Buffer.from(await ok.arrayBuffer())).toEqual(PNG);

    const sales1Id = (await s.app.portal.db.selectFrom('users').select('id').where('username', '=', 'sales1').executeTakeFirstOrThrow()).id;
    const otherUser = signed.replace(/&u=\d+/, `&u=${sales1Id}`);
    expect((await fetch(s.url + otherUser)).status).toBe(403);
    const forged = signed.replace(/sig=.*/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await fetch(s.url + forged)).status).toBe(403);
    const otherFile = signed.replace(/[0-9a-f]{32}/, ownCustomerFile.url.slice(7, 39));
    expect((await fetch(s.url + otherFile)).status).toBe(403);

    s.clock.advance(31 * 60_000);
    expect((await fetch(s.url + signed)).status).toBe(403);
    s.clock.advance(-31 * 60_000);
  });

  test('api/file/SignUrls signs the stored addresses a record holds, only those the caller may see', async () => {
    const urls = [foreignFile.url, ownCustomerFile.url, formFile.url, 'https://example.com/a.png'];
    const sales = await s.post<Envelope<Record<string, string>>>('/api/file/SignUrls', { urls }, { token: t.sales });
    expect(Object.keys(sales.body.data)).toEqual([ownCustomerFile.url]);
    expect((await fetch(s.url + sales.body.data[ownCustomerFile.url])).status).toBe(200);
    const admin = await s.post<Envelope<Record<string, string>>>('/api/file/SignUrls', { urls }, { token: t.admin });
    expect(Object.keys(admin.body.data).sort()).toEqual([foreignFile.url, ownCustomerFile.url, formFile.url].sort());
    expect((await s.post('/api/file/SignUrls', { urls })).status).toBe(401);
  });
});
