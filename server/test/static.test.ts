import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startServer, type TestServer } from './harness';

let s: TestServer;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-static-'));
const shellDist = path.join(root, 'shell-dist');
const mfDir = path.join(root, 'mf');
const version = '0.1.0-20261121T101500-ab12cd';

beforeAll(async () => {
  fs.mkdirSync(path.join(shellDist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(shellDist, 'index.html'), '<!doctype html><title>销售门户</title>');
  fs.writeFileSync(path.join(shellDist, 'assets', 'main.3f2a9c1b7d.js'), 'console.log(1)');
  fs.writeFileSync(path.join(shellDist, 'favicon.ico'), 'x');
  fs.mkdirSync(path.join(mfDir, 'remote-crm', version), { recursive: true });
  fs.writeFileSync(
    path.join(mfDir, 'registry.json'),
    JSON.stringify({ remotes: { crm: { name: 'remote_crm', version, entry: `/mf/remote-crm/${version}/mf-manifest.json` } } }),
  );
  fs.writeFileSync(path.join(mfDir, 'remote-crm', version, 'mf-manifest.json'), '{"id":"remote_crm"}');
  fs.writeFileSync(path.join(mfDir, 'remote-crm', version, 'remoteEntry.js'), 'var remote_crm;');
  s = await startServer({ shellDist, mfDir });
});
afterAll(async () => {
  await s.close();
  fs.rmSync(root, { recursive: true, force: true });
});

test('the registry is never cached', async () => {
  const res = await s.get<{ remotes: Record<string, { version: string }> }>('/mf/registry.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.body.remotes.crm.version).toBe(version);
});

test('versioned remote files are immutable for a year', async () => {
  for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
    const res = await s.get(`/mf/remote-crm/${version}/${file}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  }
  const missing = await s.get<{ result: string }>(`/mf/remote-crm/${version}/nope.js`);
  expect(missing.status).toBe(404);
  expect(missing.headers.get('cache-control') ?? '').not.toContain('immutable');
});

test('the shell: index.html no-cache, hashed assets immutable, others revalidated', async () => {
  const index = await s.get('/', { headers: { accept: 'text/html' } });
  expect(index.status).toBe(200);
  expect(index.body).toContain('销售门户');
  expect(index.headers.get('cache-control')).toBe('no-cache');
  const asset = await s.get('/assets/main.3f2a9c1b7d.js');
  expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  const icon = await s.get('/favicon.ico');
  expect(icon.headers.get('cache-control')).toBe('no-cache');
});

test('SPA fallback: an HTML navigation to any app path gets index.html', async () => {
  for (const p of ['/crm/customer/watched', '/login?redirect=%2Fcrm', '/system/role']) {
    const res = await s.get(p, { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.body).toContain('销售门户');
  }
  const script = await s.get('/crm/missing.js', { headers: { accept: '*/*' } });
  expect(script.status).toBe(404);
});

test('/login gets the pre-rendered login page once the shell has one; other paths keep index.html', async () => {
  fs.writeFileSync(path.join(shellDist, 'login.html'), '<!doctype html><title>登录 - 销售门户</title><div id="root"><div class="login-page"></div></div>');
  try {
    const login = await s.get('/login?redirect=%2Fcrm', { headers: { accept: 'text/html' } });
    expect(login.status).toBe(200);
    expect(login.body).toContain('class="login-page"');
    expect(login.headers.get('cache-control')).toBe('no-cache');
    const other = await s.get('/crm/customer/watched', { headers: { accept: 'text/html' } });
    expect(other.body).not.toContain('login-page');
  } finally {
    fs.rmSync(path.join(shellDist, 'login.html'));
  }
});

test('API paths never fall back to the shell', async () => {
  const res = await s.get<{ result: string; msg: string }>('/api/unknown/path', { headers: { accept: 'text/html' } });
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ result: 'error', msg: '接口不存在' });
  const main = await s.post<{ result: string; msg: string }>('/main/role/unknown');
  expect(main.status).toBe(404);
  expect(main.body.result).toBe('error');
});

/** A raw GET (no automatic decompression): status, headers and the bytes as sent. */
function rawGet(urlPath: string, acceptEncoding: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(s.url + urlPath, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

describe('compression', () => {
  const bundle = 'console.log("客户列表");\n'.repeat(400);
  const file = `/mf/remote-crm/${version}/big.0123abcd.js`;

  beforeAll(() => {
    const dir = path.join(mfDir, 'remote-crm', version);
    fs.writeFileSync(path.join(dir, 'big.0123abcd.js'), bundle);
    fs.writeFileSync(path.join(dir, 'big.0123abcd.js.br'), zlib.brotliCompressSync(bundle));
    fs.writeFileSync(path.join(dir, 'big.0123abcd.js.gz'), zlib.gzipSync(bundle));
  });

  test('a built asset is sent as its brotli or gzip sibling, whichever the browser accepts', async () => {
    const br = await rawGet(file, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.bytes).toString()).toBe(bundle);

    const gz = await rawGet(file, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.bytes).toString()).toBe(bundle);

    const plain = await rawGet(file, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.toString()).toBe(bundle);
  });

  test('API replies above 1 KB are compressed, small ones are not', async () => {
    const token = await s.login('admin', 'admin123');
    const list = await new Promise<{ headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
      const body = JSON.stringify({ page: 1, rows: 50 });
      const req = http.request(
        s.url + '/api/customer/index',
        { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip', authkey: token } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(list.headers['content-encoding']).toBe('br');
    const decoded = JSON.parse(zlib.brotliDecompressSync(list.bytes).toString()) as { rows: unknown[]; total: number };
    expect(decoded.rows.length).toBeGreaterThan(10);
    expect(list.bytes.length).toBeLessThan(JSON.stringify(decoded).length / 2);

    const small = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      http
        .get(s.url + '/api/user/isApplogin', { headers: { 'accept-encoding': 'br, gzip', authkey: token } }, (res) => {
          res.resume();
          resolve(res.headers);
        })
        .on('error', reject);
    });
    expect(small['content-encoding']).toBeUndefined();
  });
});
