import fs from 'node:fs';
import path from 'node:path';
import { DEMO, startServer, type TestServer } from './harness';

type Envelope<T = Record<string, unknown>> = { result: string; msg: string; data: T };
type FileReply = {
  id: number;
  url: string;
  filename: string;
  FileName: string;
  format: string;
  size: number;
  userid: number;
  username: string;
  addTime: string;
};

const MAX_BYTES = 64 * 1024;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

let s: TestServer;
const t = { admin: '', sales: '', sales2: '' };
const ids: Record<string, number> = {};

type Part = { name: string; content: Buffer | string };

async function upload(
  token: string | undefined,
  files: Part[],
  fields: Record<string, string | number> = {},
): Promise<{ status: number; body: Envelope<FileReply> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  for (const f of files) form.append('file', new Blob([typeof f.content === 'string' ? f.content : new Uint8Array(f.content)]), f.name);
  const res = await fetch(`${s.url}/api/file/UploadFile`, { method: 'POST', headers: token ? { authkey: token } : {}, body: form });
  return { status: res.status, body: (await res.json()) as Envelope<FileReply> };
}

/** Every file under the upload folder (temporary ones included) and the number of file rows. */
async function storage(): Promise<{ files: string[]; rows: number }> {
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.relative(s.config.uploadDir, path.join(dir, e.name))]));
  const row = await s.app.portal.db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { files: walk(s.config.uploadDir).sort(), rows: Number(row.n) };
}

beforeAll(async () => {
  s = await startServer({ uploadMaxBytes: MAX_BYTES });
  t.admin = await s.login(...DEMO.admin);
  t.sales = await s.login(...DEMO.sales);
  t.sales2 = await s.login('sales2', 'sales123');
  for (const u of await s.app.portal.db.selectFrom('users').select(['id', 'username']).execute()) ids[u.username] = u.id;
});
afterAll(async () => {
  await s.close();
});

describe('upload', () => {
  test('an image is stored under a random name and described as the contract says', async () => {
    const res = await upload(t.sales, [{ name: '现场照片.png', content: PNG }], {
      modelId: 0,
      picType: '1',
      code: 'form-abc',
      userid: 999,
      userType: '1',
      categoryid: 0,
    });
    expect(res.body).toMatchObject({
      result: 'success',
      msg: '上传成功',
      data: {
        filename: '现场照片.png',
        FileName: '现场照片.png',
        format: 'png',
        size: Math.round((PNG.length / 1024) * 100) / 100,
        userid: ids.sales1,
        username: '李娜',
      },
    });
    expect(res.body.data.url).toMatch(/^\/files\/[0-9a-f]{32}\.png$/);
    expect(res.body.data.addTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(fs.readFileSync(path.join(s.config.uploadDir, path.basename(res.body.data.url)))).toEqual(PNG);
  });

  test('refusals name the problem and leave nothing behind, on disk or in the database', async () => {
    const cases: [Part[], string][] = [
      [[{ name: 'empty.png', content: '' }], '文件为空'],
      [[{ name: 'big.pdf', content: Buffer.concat([PDF, Buffer.alloc(MAX_BYTES, 1)]) }], '文件超过大小限制（最大 64 KB）'],
      [[{ name: 'tool.exe', content: 'MZ\u0090\u0000' }], '不支持的文件类型'],
      [[{ name: 'logo.svg', content: '<svg onload="alert(1)"/>' }], '不支持的文件类型'],
      [[{ name: 'noext', content: 'hello' }], '不支持的文件类型'],
      [[{ name: 'photo.png', content: '<html><script>alert(document.cookie)</script></html>' }], '文件内容与扩展名不符'],
      [[{ name: 'invoice.pdf', content: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]) }], '文件内容与扩展名不符'],
      [[{ name: 'report.docx', content: '<html>not a zip</html>' }], '文件内容与扩展名不符'],
      [[{ name: 'notes.txt', content: Buffer.from([0x4d, 0x5a, 0x00, 0x00, 0x41]) }], '文件内容与扩展名不符'],
      [[{ name: '../../evil.png', content: PNG }], '文件名不合法'],
      [[{ name: '..\\..\\evil.png', content: PNG }], '文件名不合法'],
      [
        [
          { name: 'a.png', content: PNG },
          { name: 'b.png', content: PNG },
        ],
        '每次只能上传一个文件',
      ],
      [[], '请选择要上传的文件'],
    ];
    for (const [files, msg] of cases) {
      const before = await storage();
      const res = await upload(t.sales, files, { code: 'refused' });
      expect({ name: files[0]?.name, body: res.body }).toEqual({ name: files[0]?.name, body: { result: 'error', msg: expect.stringContaining(msg) } });
      expect(await storage()).toEqual(before);
    }
  });

  test('bad upload parameters are refused after the file was received, and it is removed', async () => {
    const before = await storage();
    const res = await upload(t.sales, [{ name: 'a.png', content: PNG }], { modelId: 'abc' });
    expect(res.body).toMatchObject({ result: 'error', msg: '记录ID不正确' });
    const long = await upload(t.sales, [{ name: 'a.png', content: PNG }], { code: 'x'.repeat(2000) });
    expect(long.body).toMatchObject({ result: 'error', msg: '上传参数code过长' });
    expect(await storage()).toEqual(before);
  });

  test('a form-encoded call or a call without login stores nothing', async () => {
    const before = await storage();
    expect((await s.post<Envelope>('/api/file/UploadFile', { code: 'x' }, { token: t.sales })).body.msg).toBe('请选择要上传的文件');
    const anonymous = await upload(undefined, [{ name: 'a.png', content: PNG }]);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.msg).toContain('登陆');
    expect(await storage()).toEqual(before);
  });
});

describe('attachments', () => {
  let mine: FileReply;
  let theirs: FileReply;

  beforeAll(async () => {
    mine = (await upload(t.sales, [{ name: '合同扫描件.pdf', content: PDF }], { code: 'contract-form-1', picType: 'file', modelId: 0 })).body.data;
    theirs = (await upload(t.sales2, [{ name: '报价单.pdf', content: PDF }], { code: 'contract-form-1', picType: 'file', modelId: 0 })).body.data;
    await upload(t.sales, [{ name: '别的表单.pdf', content: PDF }], { code: 'other-form', picType: 'file', modelId: 42 });
  });

  test('file/list by code (and picType) gives the form’s attachments; by modelId the record’s', async () => {
    const list = await s.post<{ rows: FileReply[]; total: number }>('/api/file/list', { code: 'contract-form-1', picType: 'file' }, { token: t.admin });
    expect(list.body.total).toBe(2);
    expect(list.body.rows.map((r) => r.FileName)).toEqual(['合同扫描件.pdf', '报价单.pdf']);
    expect(list.body.rows[1]).toMatchObject({ userid: ids.sales2, username: '赵强', format: 'pdf' });
    const byModel = await s.post<{ rows: FileReply[]; total: number }>('/api/file/list', { modelId: 42 }, { token: t.sales });
    expect(byModel.body.rows.map((r) => r.FileName)).toEqual(['别的表单.pdf']);
    expect((await s.post<Envelope>('/api/file/list', {}, { token: t.sales })).body.result).toBe('error');
  });

  test('file/index lists the user’s own uploads, newest first', async () => {
    const list = await s.post<{ rows: FileReply[]; total: number }>('/api/file/index', { page: 1, rows: 50 }, { token: t.sales2 });
    // The newest is the one just uploaded; the demo's 进件资料 of sales2 follow; nobody else's.
    const ids = list.body.rows.map((r) => r.id);
    expect(ids[0]).toBe(theirs.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(ids).not.toContain(mine.id);
    expect(new Set(list.body.rows.map((r) => r.userid))).toEqual(new Set([theirs.userid]));
  });

  test('only the uploader may delete or rename; an unknown id is 文件不存在', async () => {
    const before = await storage();
    const other = await s.post<Envelope>('/api/file/DeleteFile', { id: mine.id }, { token: t.sales2 });
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ result: 'error', msg: '只能删除自己上传的文件' });
    const rename = await s.post<Envelope>('/api/file/edit', { id: mine.id, filename: '改名' }, { token: t.sales2 });
    expect(rename.body).toMatchObject({ result: 'error', msg: '只能修改自己上传的文件' });
    expect(await storage()).toEqual(before);

    expect((await s.post<Envelope>('/api/file/DeleteFile', { id: 999999 }, { token: t.sales })).body).toMatchObject({ result: 'error', msg: '文件不存在' });

    const renamed = await s.post<Envelope<FileReply>>('/api/file/edit', { id: mine.id, filename: '合同终稿' }, { token: t.sales });
    expect(renamed.body.data).toMatchObject({ FileName: '合同终稿.pdf', url: mine.url });
    expect((await s.post<Envelope>('/api/file/edit', { id: mine.id, filename: '../x' }, { token: t.sales })).body.msg).toBe('文件名不合法');

    const del = await s.post<Envelope>('/api/file/DeleteFile', { id: mine.id }, { token: t.sales });
    expect(del.body).toMatchObject({ result: 'success', msg: '删除成功' });
    expect(fs.existsSync(path.join(s.config.uploadDir, path.basename(mine.url)))).toBe(false);
    expect((await s.post<Envelope>('/api/file/DeleteFile', { id: mine.id }, { token: t.sales })).body.msg).toBe('文件不存在');
    expect((await s.get(mine.url, { token: t.sales })).status).toBe(404);
  });
});

describe('album', () => {
  test('album/index lists the user’s own images only; album/delete removes one', async () => {
    const a = (await upload(t.sales2, [{ name: '门头.png', content: PNG }])).body.data;
    const b = (await upload(t.sales2, [{ name: '展厅.png', content: PNG }])).body.data;
    await upload(t.sales2, [{ name: '说明.pdf', content: PDF }]);
    const album = await s.post<{ rows: { id: number; url: string; userid: number; size: number; filename: string; format: string }[]; total: number }>(
      '/api/album/index',
      { page: 1, rows: 20 },
      { token: t.sales2 },
    );
    expect(album.body.total).toBe(2);
    expect(album.body.rows[0]).toEqual({
      id: b.id,
      url: b.url,
      signedUrl: expect.stringMatching(/^\/files\/[0-9a-f]{32}\.png\?exp=/),
      userid: ids.sales2,
      size: b.size,
      filename: '展厅.png',
      format: 'png',
    });
    expect(album.body.rows[1].id).toBe(a.id);
    const others = await s.post<{ total: number }>('/api/album/index', {}, { token: t.admin });
    expect(others.body.total).toBe(0);
    expect((await s.post<Envelope>('/api/album/delete', { id: a.id }, { token: t.sales })).status).toBe(403);
    expect((await s.post<Envelope>('/api/album/delete', { id: a.id }, { token: t.sales2 })).body.msg).toBe('删除成功');
    expect((await s.post<{ total: number }>('/api/album/index', {}, { token: t.sales2 })).body.total).toBe(1);
  });
});

describe('serving /files/<name>', () => {
  test('images inline, other files as attachments under their original name; safe headers; a signed URL needs no header', async () => {
    const image = (await upload(t.sales, [{ name: '门店.png', content: PNG }])).body.data as FileReply & { signedUrl: string };
    const res = await fetch(s.url + image.signedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(res.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);

    const doc = (await upload(t.sales, [{ name: '报价 "终版".pdf', content: PDF }])).body.data;
    const pdf = await fetch(s.url + doc.url, { headers: { authkey: t.sales } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="__ ____.pdf"; filename*=UTF-8''${encodeURIComponent('报价 "终版".pdf')}`);
    expect(pdf.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  test('unknown or malformed names are 404', async () => {
    const headers = { authkey: t.admin };
    expect((await fetch(`${s.url}/files/${'0'.repeat(32)}.png`, { headers })).status).toBe(404);
    expect((await fetch(`${s.url}/files/..%2F..%2Fportal.db`, { headers })).status).toBe(404);
    expect((await fetch(`${s.url}/files/portal.db`, { headers })).status).toBe(404);
  });
});
