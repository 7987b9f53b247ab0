/** Issue 12 item 10: disguising characters in file names, and uploads the client aborts midway. */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { DEMO, startServer, type TestServer } from './harness';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
let s: TestServer;
let token = '';

beforeAll(async () => {
  s = await startServer();
  token = await s.login(...DEMO.sales);
});
afterAll(async () => {
  await s.close();
});

async function upload(name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)]), name);
  const res = await fetch(`${s.url}/api/file/UploadFile`, { method: 'POST', headers: { authkey: token }, body: form });
  return (await res.json()) as { result: string; msg: string };
}

test('bidi overrides, zero-width and other invisible or control characters in a file name are refused', async () => {
  for (const name of [
    'invoice\u202Egnp.exe.png',
    'a\u2066b.png',
    'zero\u200Bwidth.png',
    'bom\uFEFF.png',
    'c1\u0085.png',
    'tab\t.png',
    'line\u2028.png',
    'private\uE000.png',
  ]) {
    expect({ name, body: await upload(name) }).toEqual({ name, body: { result: 'error', msg: '文件名不合法' } });
  }
  expect((await upload('正常的 文件名（1）.png')).result).toBe('success');
  const rename = await s.post<{ msg: string }>('/api/file/edit', { id: 1, filename: 'x\u202Eyz' }, { token });
  expect(rename.body.msg).toMatch(/文件名不合法|文件不存在|只能修改/);
});

test('an upload the client aborts midway is the client’s doing: no error logged, no 500, no temporary file left', async () => {
  const errors: unknown[] = [];
  const spy = jest.spyOn(s.app.log, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
  const boundary = 'xyzBOUNDARY';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;
  const port = Number(new URL(s.url).port);
  await new Promise<void>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /api/file/UploadFile HTTP/1.1\r\nHost: 127.0.0.1\r\nauthkey: ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n${head}`,
      );
      socket.write(PNG);
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, 200);
    });
  });
  await new Promise((r) => setTimeout(r, 500));
  spy.mockRestore();
  expect(errors).toEqual([]);
  const tmp = path.join(s.config.uploadDir, '.tmp');
  expect(fs.readdirSync(tmp)).toEqual([]);
});
