import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { emptyPermissionTree } from '../contract/permissions';
import { useSessionStore } from '../session/session-store';
import { createApiClient, setApiBaseUrl } from './api-client';
import { setNavigator } from './forced-logout';
import { setNotifier, type ModalOptions, type Notifier } from './notifier';
import { ApiError } from './reply';

type Reply = { status: number; body: unknown } | 'network-down';

function adapterReplying(reply: Reply | ((config: InternalAxiosRequestConfig) => Reply), seen: InternalAxiosRequestConfig[] = []): AxiosAdapter {
  return async (config) => {
    seen.push(config);
    const r = typeof reply === 'function' ? reply(config) : reply;
    if (r === 'network-down') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    return { data: r.body, status: r.status, statusText: '', headers: new AxiosHeaders(), config };
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
    const seen: InternalAxiosRequestConfig[] = [];
    setApiBaseUrl('http://api.example/');
    const client = createApiClient({ adapter: adapterReplying({ status: 200, body: { rows: [], total: 0 } }, seen) });
    await client.list('api/customer/index', { page: 1, key: '张 三', filters: { level: 'A' }, ids: [1, 2], skip: undefined });
    const [config] = seen;
    expect(config.baseURL).toBe('http://api.example/');
    expect(config.url).toBe('api/customer/index');
    expect(config.method).toBe('post');
    expect(config.timeout).toBe(15000);
    expect(config.headers.get('authkey')).toBe('tok-1');
    expect(String(config.headers.get('Content-Type'))).toContain('application/x-www-form-urlencoded');
    const body = new URLSearchParams(config.data as string);
    expect(body.get('page')).toBe('1');
    expect(body.get('key')).toBe('张 三');
    expect(body.get('filters')).toBe('{"level":"A"}');
    expect(body.get('ids')).toBe('[1,2]');
    expect(body.has('skip')).toBe(false);
  });

  it('sends no authkey when logged out', async () => {
    useSessionStore.getState().logout();
    const seen: InternalAxiosRequestConfig[] = [];
    await createApiClient({ adapter: adapterReplying({ status: 200, body: { result: 'success', msg: '', data: 1 } }, seen) }).fetch('api/x');
    expect(seen[0].headers.get('authkey')).toBeFalsy();
  });
});

describe('reply handling', () => {
  it('list resolves rows and total', async () => {
    const client = createApiClient({ adapter: adapterReplying({ status: 200, body: { rows: [{ id: 1 }], total: '31' } }) });
    await expect(client.list('api/customer/index')).resolves.toEqual({ rows: [{ id: 1 }], total: 31 });
  });

  it('list keeps totalCapped when the server stopped counting', async () => {
    const client = createApiClient({ adapter: adapterReplying({ status: 200, body: { rows: [{ id: 1 }], total: 10000, totalCapped: true } }) });
    await expect(client.list('api/customer/index')).resolves.toEqual({ rows: [{ id: 1 }], total: 10000, totalCapped: true });
  });

  it('list treats a reply carrying result as an error', async () => {
    const client = createApiClient({ adapter: adapterReplying({ status: 200, body: { result: 'success', msg: '查询失败', rows: [] } }) });
    await expect(client.list('api/customer/index')).rejects.toMatchObject({ kind: 'server', message: '查询失败' });
    expect(notifier.error).toHaveBeenCalledWith('查询失败');
  });

  it('fetch resolves data without a toast', async () => {
    const client = createApiClient({ adapter: adapterReplying({ status: 200, body: { result: 'success', msg: 'ok', data: { id: 5 } } }) });
    await expect(client.fetch('api/customer/Views', { id: 5 })).resolves.toEqual({ id: 5 });
    expect(notifier.success).not.toHaveBeenCalled();
  });

  it('reads the envelope of a 4xx reply and shows its msg', async () => {
    const client = createApiClient({ adapter: adapterReplying({ status: 403, body: { result: 'error', msg: '没有权限执行此操作' } }) });
    const error = await client.fetch('api/customer/delete').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'server', status: 403, message: '没有权限执行此操作' });
    expect(notifier.error).toHaveBeenCalledWith('没有权限执行此操作');
  });

  it('command shows the msg as a success toast and resolves the reply', async () => {
    const client = createApiClient({ adapter: adapterReplying({ status: 200, body: { result: 'success', msg: '保存成功', data: { id: 9 } } }) });
    await expect(client.command('api/customer/CustomerAddEndit', { id: '0' })).resolves.toEqual({ result: 'success', msg: '保存成功', data: { id: 9 } });
    expect(notifier.success).toHaveBeenCalledWith('保存成功');
  });

  it('command shows an error reply as an error toast and rejects with the reply', async () => {
    const client = createApiClient({ adapter: adapterReplying({ status: 400, body: { result: 'error', msg: '客户名称不能为空' } }) });
    await expect(client.command('api/customer/CustomerAddEndit')).rejects.toMatchObject({ reply: { msg: '客户名称不能为空' } });
    expect(notifier.error).toHaveBeenCalledWith('客户名称不能为空');
    expect(notifier.success).not.toHaveBeenCalled();
  });

  it('silent calls show no toast', async () => {
    const ok = createApiClient({ adapter: adapterReplying({ status: 200, body: { result: 'success', msg: '保存成功' } }) });
    await ok.command('api/x', {}, { silent: true });
    const bad = createApiClient({ adapter: adapterReplying({ status: 400, body: { result: 'error', msg: '错误' } }) });
    await expect(bad.command('api/x', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(notifier.success).not.toHaveBeenCalled();
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('get and post resolve bare bodies', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const client = createApiClient({ adapter: adapterReplying({ status: 200, body: [{ id: 1, Name: '销售部' }] }, seen) });
    await expect(client.post('api/branch/TreeJson')).resolves.toEqual([{ id: 1, Name: '销售部' }]);
    await expect(client.get('api/Status/json', { types: 3 })).resolves.toEqual([{ id: 1, Name: '销售部' }]);
    expect(seen[1].method).toBe('get');
    expect(seen[1].params).toEqual({ types: 3 });
  });

  it('a network failure shows 网络请求失败，请稍候再试', async () => {
    const client = createApiClient({ adapter: adapterReplying('network-down') });
    await expect(client.fetch('api/x')).rejects.toMatchObject({ kind: 'network', message: '网络请求失败，请稍候再试' });
    expect(notifier.error).toHaveBeenCalledWith('网络请求失败，请稍候再试');
  });

  it('an unreadable reply shows 响应失败', async () => {
    const client = createApiClient({ adapter: adapterReplying({ status: 502, body: '<html>Bad Gateway</html>' }) });
    await expect(client.fetch('api/x')).rejects.toMatchObject({ kind: 'unreadable', message: '响应失败' });
    await expect(client.list('api/x')).rejects.toMatchObject({ kind: 'unreadable' });
    expect(notifier.error).toHaveBeenCalledWith('响应失败');
  });
});

describe('forced logout', () => {
  it('shows one modal however many calls fail at once, then clears the session and goes to /login', async () => {
    const client = createApiClient({ adapter: adapterReplying({ status: 401, body: { result: 'error', msg: '登陆已过期，请重新登陆' } }) });
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
    const client = createApiClient({ adapter: adapterReplying({ status: 401, body: { result: 'error', msg: '请先登陆' } }) });
    await client.fetch('api/a').catch(() => undefined);
    modals[0].onOk();
    await client.fetch('api/a').catch(() => undefined);
    expect(modals).toHaveLength(2);
    modals[1].onOk();
  });

  it('is triggered by a list reply too', async () => {
    const client = createApiClient({ adapter: adapterReplying({ status: 401, body: { result: 'error', msg: '请先登陆' } }) });
    await expect(client.list('api/customer/index')).rejects.toMatchObject({ kind: 'logged-out' });
    expect(modals).toHaveLength(1);
    modals[0].onOk();
  });
});
