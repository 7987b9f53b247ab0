/**
 * Files an approval refers to (wf_files): the approvers, cc recipients and the submitter may open the
 * 进件资料 and the attachments of comments, whoever uploaded them; others still may not; a file
 * named in an approval by someone who may not see it gains nobody access; a file an approval refers
 * to cannot be deleted by its uploader; existing approvals are linked by migration 041's backfill.
 */
import type { Kysely } from 'kysely';
import { backfillApprovalFiles } from '../src/db/migrations/041-approval-files';
import { DEMO, startServer, type TestServer } from './harness';

type Envelope<T = Record<string, unknown>> = { result: string; msg: string; data: T };
type Uploaded = { id: number; url: string };

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const LOGINS = { ...DEMO, sales5: ['sales5', 'sales123'] } as const;
type Who = keyof typeof LOGINS;

let s: TestServer;
const tokens: Partial<Record<Who, string>> = {};
const uid: Record<string, number> = {};
let intakeFile: Uploaded;
let taskId = 0;

const post = <T = Record<string, unknown>>(who: Who, url: string, body: Record<string, unknown> = {}) => s.post<T>(url, body, { token: tokens[who] });

async function upload(who: Who, name = '营业执照.pdf'): Promise<Uploaded> {
  const form = new FormData();
  form.append('code', 'approval-files-test');
  form.append('file', new Blob([new Uint8Array(PDF)]), name);
  const res = await fetch(`${s.url}/api/file/UploadFile`, { method: 'POST', headers: { authkey: tokens[who]! }, body: form });
  const body = (await res.json()) as Envelope<Uploaded>;
  expect(body.result).toBe('success');
  return { id: body.data.id, url: body.data.url };
}

/** What `who` gets for the stored address: the served file's status through a signed URL, or 'unsigned'. */
async function opens(who: Who, url: string): Promise<number | 'unsigned'> {
  const res = await post<Envelope<Record<string, string>>>(who, '/api/file/SignUrls', { urls: [url] });
  expect(res.body.result).toBe('success');
  const signed = res.body.data[url];
  if (!signed) return 'unsigned';
  const served = await fetch(`${s.url}${signed}`);
  await served.arrayBuffer();
  return served.status;
}

beforeAll(async () => {
  s = await startServer();
  for (const [who, [username, password]] of Object.entries(LOGINS) as [Who, readonly [string, string]][]) tokens[who] = await s.login(username, password);
  for (const u of await s.app.portal.db.selectFrom('users').select(['id', 'username']).execute()) uid[u.username] = u.id;
  const customer = await s.app.portal.db
    .selectFrom('customers')
    .select('id')
    .where('owner_id', '=', uid.sales1)
    .where('gonghai', '=', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  intakeFile = await upload('sales');
  const res = await post<Envelope<{ taskid: number }>>('sales', '/api/customer/EntryAudit', {
    customerId: customer.id,
    Money: '5000',
    riqi: '2026-11-20',
    files: JSON.stringify([{ id: intakeFile.id, url: intakeFile.url }]),
  });
  expect(res.body.result).toBe('success');
  taskId = res.body.data.taskid;
});
afterAll(async () => {
  await s.close();
});

test('the approver opens the 进件资料 they decide on; a colleague outside the approval does not', async () => {
  expect(await opens('manager', intakeFile.url)).toBe(200);
  expect(await opens('sales', intakeFile.url)).toBe(200);
  expect(await opens('sales5', intakeFile.url)).toBe('unsigned');
  // The approval's attachments list (by code) shows it to the approver too, and only to those who may see it.
  const listed = await post<{ rows: { id: number }[] }>('manager', '/api/file/list', { code: 'approval-files-test' });
  expect(listed.body.rows.map((r) => r.id)).toContain(intakeFile.id);
  const outsider = await post<{ rows: { id: number }[] }>('sales5', '/api/file/list', { code: 'approval-files-test' });
  expect(outsider.body.rows.map((r) => r.id)).not.toContain(intakeFile.id);
});

test('a cc recipient opens the files; an approver’s comment attachment reaches the submitter', async () => {
  const cc = await post('sales', '/api/WorkFlow/addCc', { taskid: taskId, cc: JSON.stringify([uid.sales5]) });
  expect(cc.body).toMatchObject({ result: 'success' });
  expect(await opens('sales5', intakeFile.url)).toBe(200);

  const note = await upload('manager', '核查说明.pdf');
  expect(await opens('sales', note.url)).toBe('unsigned');
  const res = await post('manager', '/api/WorkFlow/createComment', {
    taskid: taskId,
    ext: '请补充银行流水',
    files: JSON.stringify([{ id: note.id, url: note.url, name: '核查说明.pdf' }]),
  });
  expect(res.body).toMatchObject({ result: 'success' });
  expect(await opens('sales', note.url)).toBe(200);
});

test('naming a file one may not see in an approval gives nobody access to it', async () => {
  const secret = await upload('finance', '工资表.pdf');
  const res = await post('sales', '/api/WorkFlow/createComment', { taskid: taskId, ext: '附件', files: JSON.stringify([{ url: secret.url }]) });
  expect(res.body).toMatchObject({ result: 'success' });
  expect(await opens('sales', secret.url)).toBe('unsigned');
  expect(await opens('manager', secret.url)).toBe('unsigned');
  const linked = await s.app.portal.db.selectFrom('wf_files').select('file_id').where('file_id', '=', secret.id).execute();
  expect(linked).toEqual([]);
});

test('the uploader cannot delete a file an approval refers to; an unused upload can be deleted', async () => {
  const refused = await post('sales', '/api/file/DeleteFile', { id: intakeFile.id });
  expect({ status: refused.status, body: refused.body }).toEqual({ status: 400, body: { result: 'error', msg: '该文件是审批的附件，不能删除' } });
  expect(await opens('manager', intakeFile.url)).toBe(200);
  const spare = await upload('sales', '草稿.pdf');
  expect((await post('sales', '/api/file/DeleteFile', { id: spare.id })).body).toMatchObject({ result: 'success' });
});

test('migration 041 links the files of existing approvals that their submitter or a log’s author uploaded', async () => {
  const db = s.app.portal.db;
  const before = await db.selectFrom('wf_files').selectAll().orderBy('instance_id').orderBy('file_id').execute();
  expect(before.some((r) => r.instance_id === taskId && r.file_id === intakeFile.id)).toBe(true);
  await db.deleteFrom('wf_files').execute();
  expect(await opens('manager', intakeFile.url)).toBe('unsigned');
  // Migrations see the database untyped.
  await backfillApprovalFiles(db as unknown as Kysely<unknown>);
  const after = await db.selectFrom('wf_files').selectAll().orderBy('instance_id').orderBy('file_id').execute();
  expect(after).toEqual(before);
  expect(await opens('manager', intakeFile.url)).toBe(200);
});

test('the demo intakes carry 进件资料 that their approvers may open', async () => {
  const seeded = await s.app.portal.db
    .selectFrom('intake_records as ir')
    .innerJoin('users as u', 'u.id', 'ir.owner_id')
    .select(['ir.files', 'ir.instance_id'])
    .where('u.username', '=', 'sales1')
    .orderBy('ir.id')
    .executeTakeFirstOrThrow();
  const files = JSON.parse(seeded.files) as { url: string; FileName: string }[];
  expect(files.map((f) => f.FileName)).toEqual(['营业执照.pdf', '银行流水.pdf']);
  // Signed for the approver (the copy of the seeded database has no upload folder, so only the grant is checked here).
  const res = await post<Envelope<Record<string, string>>>('manager', '/api/file/SignUrls', { urls: files.map((f) => f.url) });
  expect(Object.keys(res.body.data).sort()).toEqual(files.map((f) => f.url).sort());
  const outsider = await post<Envelope<Record<string, string>>>('sales5', '/api/file/SignUrls', { urls: files.map((f) => f.url) });
  expect(outsider.body.data).toEqual({});
});
