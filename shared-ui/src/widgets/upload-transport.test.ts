import { setApiBaseUrl, useSessionStore } from '@portal/shared-core';
import { uploadFile } from './upload-transport';

/** A stand-in XMLHttpRequest that records the request and answers with `reply`. */
class FakeXhr {
  static last: FakeXhr;
  static reply = '{"result":"success","msg":"上传成功","data":{"id":3}}';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
    this.responseText = FakeXhr.reply;
    this.onload?.();
  }
}

const realXhr = window.XMLHttpRequest;

beforeAll(() => {
  Object.defineProperty(window, 'XMLHttpRequest', { value: FakeXhr, writable: true });
});
afterAll(() => {
  Object.defineProperty(window, 'XMLHttpRequest', { value: realXhr, writable: true });
  setApiBaseUrl('/');
});

it('posts the file as multipart to api/file/UploadFile with the authkey header and the parameters', async () => {
  setApiBaseUrl('/');
  useSessionStore.setState({ token: 'key-123' });
  const onProgress = jest.fn();
  const outcome = await uploadFile({
    file: new File(['x'], '报价单.xlsx'),
    params: { modelId: 5, picType: 2, code: 'c1', userid: 7, userType: 1, categoryid: 0 },
    onProgress,
  });
  const xhr = FakeXhr.last;
  expect(xhr.method).toBe('POST');
  expect(xhr.url).toBe('/api/file/UploadFile');
  expect(xhr.headers.authkey).toBe('key-123');
  expect(Object.fromEntries([...(xhr.body as FormData).entries()].filter(([k]) => k !== 'file'))).toEqual({
    modelId: '5',
    picType: '2',
    code: 'c1',
    userid: '7',
    userType: '1',
    categoryid: '0',
  });
  expect(((xhr.body as FormData).get('file') as File).name).toBe('报价单.xlsx');
  expect(onProgress).toHaveBeenCalledWith(50);
  expect(outcome).toEqual({ ok: true, file: { id: 3 } });
});
