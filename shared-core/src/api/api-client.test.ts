import { emptyPermissionTree } from '../contract/permissions';
import { useSessionStore } from '../session/session-store';
import { createApiClient, fetchTransport, setApiBaseUrl, type HttpRequest, type Transport } from './api-client';
import { setNavigator } from './forced-logout';
import { setNotifier, type ModalOptions, type Notifier } from './notifier';
import { ApiError } from './reply';

type Reply = { status: number; body: unknown } | 'network-down';

/** A transport answering `reply` (a body that is not a string is sent as JSON), noting each request in `seen`. */
function transportReplying(reply: Reply | ((request: HttpRequest) => Reply), seen: HttpRequest[] = []): Transport {
  return async (request) => {
    seen.push(request);
    const r = typeof reply === 'function' ? reply(request) : reply;
    if (r === 'network-down') throw new TypeError('Failed to fetch');
    return { status: r.status, text: typeof r.body === 'string' ? r.body : JSON.stringify(r.body) };
  };
}

let notifier: jest.Mocked<Notifier>;
let modals: ModalOptions[];
let navigated: string[];

beforeEach(() => {
  modals = [];
  navigated = [];
  notifier = { success: jest.fn(), error: jest.fn(), warning: jest.fn(), modal: jest.fn((o: ModalOptions) => void modals.push(o)) };
  setNotifier(notifier);
  setNavigator((path) => navigated.push(path));
  setApiBaseUrl('/');
  useSessionStore.getState().login({ LoginToken: 'tok-1', UserID: 1, NickName: '管理员', header: '', ShopID: 1 }, emptyPermissionTree());
});

describe('requests', () => {
  it('posts form-encoded bodies with nested values as JSON, the authkey header, base URL and 15 s timeout', async () => {
    const seen: HttpRequest[] = [];
    setApiBaseUrl('http://api.example/');
    const client = createApiClient({ transport: transportReplying({ status: 200, body: { rows: [], total: 0 } }, seen) });
    await client.list('api/customer/index', { page: 1, key: '张 三', filters: { level: 'A' }, ids: [1, 2], skip: undefined });
    const [request] = seen;
    expect(request.url).toBe('http://api.example/api/customer/index');
    expect(request.method).toBe('POST');
    expect(request.timeoutMs).toBe(15000);
    expect(request.headers.authkey).toBe('tok-1');
    expect(request.headers['Content-Type']).toContain('application/x-www-form-urlencoded');
    const body = new URLSearchParams(request.body);
    expect(body.get('page')).toBe('1');
    expect(body.get('key')).toBe('张 三');
    expect(body.get('filters')).toBe('{"level":"A"}');
    expect(body.get('ids')).toBe('[1,2]');
    expect(body.has('skip')).toBe(false);
  });

  it('sends no authkey when logged out', async () => {
    useSessionStore.getState().logout();
    const seen: HttpRequest[] = [];
    await createApiClient({ transport: transportReplying({ status: 200, body: { result: 'success', msg: '', data: 1 } }, seen) }).fetch('api/x');
    expect(seen[0].headers.authkey).toBeUndefined();
  });
});

describe('reply handling', () => {
  it('list resolves rows and total', async () => {
    const client = createApiClient({ transport: transportReplying({ status: 200, body: { rows: [{ id: 1 }], total: '31' } }) });
    await expect(client.list('api/customer/index')).resolves.toEqual({ rows: [{ id: 1 }], total: 31 });
  });

  it('list keeps totalCapped when the server stopped counting', async () => {
    const client = createApiClient({ transport: transportReplying({ status: 200, body: { rows: [{ id: 1 }], total: 10000, totalCapped: true } }) });
    await expect(client.list('api/customer/index')).resolves.toEqual({ rows: [{ id: 1 }], total: 10000, totalCapped: true });
  });

  it('list treats a reply carrying result as an error', async () => {
    const client = createApiClient({ transport: transportReplying({ status: 200, body: { result: 'success', msg: '查询失败', rows: [] } }) });
    await expect(client.list('api/customer/index')).rejects.toMatchObject({ kind: 'server', message: '查询失败' });
    expect(notifier.error).toHaveBeenCalledWith('查询失败');
  });

  it('fetch resolves data without a toast', async () => {
    const client = createApiClient({ transport: transportReplying({ status: 200, body: { result: 'success', msg: 'ok', data: { id: 5 } } }) });
    await expect(client.fetch('api/customer/Views', { id: 5 })).resolves.toEqual({ id: 5 });
    expect(notifier.success).not.toHaveBeenCalled();
  });

  it('reads the envelope of a 4xx reply and shows its msg', async () => {
    const client = createApiClient({ transport: transportReplying({ status: 403, body: { result: 'error', msg: '没有权限执行此操作' } }) });
    const error = await client.fetch('api/customer/delete').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'server', status: 403, message: '没有权限执行此操作' });
    expect(notifier.error).toHaveBeenCalledWith('没有权限执行此操作');
  });

  it('command shows the msg as a success toast and resolves the reply', async () => {
    const client = createApiClient({ transport: transportReplying({ status: 200, body: { result: 'success', msg: '保存成功', data: { id: 9 } } }) });
    await expect(client.command('api/customer/CustomerAddEndit', { id: '0' })).resolves.toEqual({ result: 'success', msg: '保存成功', data: { id: 9 } });
    expect(notifier.success).toHaveBeenCalledWith('保存成功');
  });

  it('command shows an error reply as an error toast and rejects with the reply', async () => {
    const client = createApiClient({ transport: transportReplying({ status: 400, body: { result: 'error', msg: '客户名称不能为空' } }) });
    await expect(client.command('api/customer/CustomerAddEndit')).rejects.toMatchObject({ reply: { msg: '客户名称不能为空' } });
    expect(notifier.error).toHaveBeenCalledWith('客户名称不能为空');
    expect(notifier.success).not.toHaveBeenCalled();
  });

  it('silent calls show no toast', async () => {
    const ok = createApiClient({ transport: transportReplying({ status: 200, body: { result: 'success', msg: '保存成功' } }) });
    await ok.command('api/x', {}, { silent: true });
    const bad = createApiClient({ transport: transportReplying({ status: 400, body: { result: 'error', msg: '错误' } }) });
    await expect(bad.command('api/x', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(notifier.success).not.toHaveBeenCalled();
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('get and post resolve bare bodies', async () => {
    const seen: HttpRequest[] = [];
    const client = createApiClient({ transport: transportReplying({ status: 200, body: [{ id: 1, Name: '销售部' }] }, seen) });
    await expect(client.post('api/branch/TreeJson')).resolves.toEqual([{ id: 1, Name: '销售部' }]);
    await expect(client.get('api/Status/json', { types: 3 })).resolves.toEqual([{ id: 1, Name: '销售部' }]);
    expect(seen[1].method).toBe('GET');
    expect(seen[1].url).toBe('/api/Status/json?types=3');
    expect(seen[1].body).toBeUndefined();
  });

  it('a network failure shows 网络请求失败，请稍候再试', async () => {
    const client = createApiClient({ transport: transportReplying('network-down') });
    await expect(client.fetch('api/x')).rejects.toMatchObject({ kind: 'network', message: '网络请求失败，请稍候再试' });
    expect(notifier.error).toHaveBeenCalledWith('网络请求失败，请稍候再试');
  });

  it('an unreadable reply shows 响应失败', async () => {
    const client = createApiClient({ transport: transportReplying({ status: 502, body: '<html>Bad Gateway</html>' }) });
    await expect(client.fetch('api/x')).rejects.toMatchObject({ kind: 'unreadable', message: '响应失败' });
    await expect(client.list('api/x')).rejects.toMatchObject({ kind: 'unreadable' });
    expect(notifier.error).toHaveBeenCalledWith('响应失败');
  });
});

describe('the browser transport (fetch)', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('sends method, headers and body, and reads status and text whatever the status', async () => {
    const fetchMock = jest.fn(async () => ({ status: 403, text: async () => '{"result":"error"}' }) as unknown as Response);
    globalThis.fetch = fetchMock;
    const reply = await fetchTransport({ method: 'POST', url: '/api/x', headers: { authkey: 't' }, body: 'a=1', timeoutMs: 1000 });
    expect(reply).toEqual({ status: 403, text: '{"result":"error"}' });
    expect(fetchMock).toHaveBeenCalledWith('/api/x', expect.objectContaining({ method: 'POST', headers: { authkey: 't' }, body: 'a=1' }));
  });

  it('gives up after the timeout (the client then shows 网络请求失败)', async () => {
    globalThis.fetch = jest.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    await expect(fetchTransport({ method: 'GET', url: '/api/slow', headers: {}, timeoutMs: 20 })).rejects.toThrow('aborted');
    const client = createApiClient({ transport: (request) => fetchTransport({ ...request, timeoutMs: 20 }) });
    await expect(client.fetch('api/slow')).rejects.toMatchObject({ kind: 'network', message: '网络请求失败，请稍候再试' });
  });

  it('keeps an absolute URL and joins a relative one to the base URL', async () => {
    const seen: HttpRequest[] = [];
    setApiBaseUrl('/portal/');
    const client = createApiClient({ transport: transportReplying({ status: 200, body: { result: 'success', msg: '', data: 1 } }, seen) });
    await client.fetch('/api/a');
    await client.fetch('https://files.example/api/b');
    expect(seen.map((r) => r.url)).toEqual(['/portal/api/a', 'https://files.example/api/b']);
  });
});

describe('forced logout', () => {
  it('shows one modal however many calls fail at once, then clears the session and goes to /login', async () => {
    const client = createApiClient({ transport: transportReplying({ status: 401, body: { result: 'error', msg: '登陆已过期，请重新登陆' } }) });
    const results = await Promise.allSettled([client.fetch('api/a'), client.list('api/b'), client.command('api/c')]);
    expect(results.every((r) => r.status === 'rejected' && (r.reason as ApiError).kind === 'logged-out')).toBe(true);
    expect(modals).toHaveLength(1);
    expect(modals[0]).toMatchObject({ title: '确定登出', content: '你已被登出，请重新登录', okText: '重新登录' });
    expect(notifier.error).not.toHaveBeenCalled();
    expect(useSessionStore.getState().token).toBe('tok-1');

    modals[0].onOk();
    expect(useSessionStore.getState().token).toBeNull();
    expect(useSessionStore.getState().user).toBeNull();
    expect(navigated).toEqual(['/login']);
  });

  it('shows the modal again for a later session', async () => {
    const client = createApiClient({ transport: transportReplying({ status: 401, body: { result: 'error', msg: '请先登陆' } }) });
    await client.fetch('api/a').catch(() => undefined);
    modals[0].onOk();
    await client.fetch('api/a').catch(() => undefined);
    expect(modals).toHaveLength(2);
    modals[1].onOk();
  });

  it('is triggered by a list reply too', async () => {
    const client = createApiClient({ transport: transportReplying({ status: 401, body: { result: 'error', msg: '请先登陆' } }) });
    await expect(client.list('api/customer/index')).rejects.toMatchObject({ kind: 'logged-out' });
    expect(modals).toHaveLength(1);
    modals[0].onOk();
  });
});
