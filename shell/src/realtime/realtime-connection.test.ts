/** The connection manager against a fake SignalR client: online dot, 5 s reconnect, token, pushes. */
import { createRealtimeConnection, type RealtimeEvents } from './realtime-connection';

type Handler = (...args: unknown[]) => void;

class FakeHub {
  handlers = new Map<string, Handler>();
  closeHandlers: Array<(error?: Error) => void> = [];
  start = jest.fn(() => Promise.resolve());
  stop = jest.fn(async () => this.drop());
  invoke = jest.fn();
  on(name: string, handler: Handler) {
    this.handlers.set(name, handler);
  }
  onclose(handler: (error?: Error) => void) {
    this.closeHandlers.push(handler);
  }
  /** What the client does when the socket goes away. */
  drop(error?: Error) {
    for (const handler of this.closeHandlers) handler(error);
  }
  push(name: string, payload: unknown) {
    this.handlers.get(name)?.(payload);
  }
}

const fake: { hub: FakeHub; url?: string; options?: { accessTokenFactory: () => string; transport: number } } = { hub: new FakeHub() };

jest.mock('@microsoft/signalr', () => {
  const actual = jest.requireActual('@microsoft/signalr');
  class HubConnectionBuilder {
    withUrl(url: string, options: never) {
      fake.url = url;
      fake.options = options;
      return this;
    }
    configureLogging() {
      return this;
    }
    build() {
      return fake.hub;
    }
  }
  return { HttpTransportType: actual.HttpTransportType, LogLevel: actual.LogLevel, HubConnectionBuilder };
});

const { HttpTransportType } = jest.requireActual('@microsoft/signalr');

function eventsSpy(): jest.Mocked<RealtimeEvents> {
  return { onOnline: jest.fn(), onOnlineCount: jest.fn(), onNotify: jest.fn(), onPrivateMessage: jest.fn(), onUnauthorized: jest.fn() };
}

/** Lets pending promise callbacks run (start() resolving or rejecting). */
const settle = () => jest.advanceTimersByTimeAsync(0);

let warn: jest.SpyInstance;
beforeEach(() => {
  jest.useFakeTimers();
  fake.hub = new FakeHub();
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
  jest.useRealTimers();
});

it('connects to /hub with the login key, over WebSockets or long polling, and goes online', async () => {
  const events = eventsSpy();
  const connection = createRealtimeConnection({ getToken: () => 'key-1', events });
  connection.start();
  await settle();
  expect(fake.url).toBe('http://localhost/hub');
  expect(fake.options?.accessTokenFactory()).toBe('key-1');
  expect(fake.options?.transport).toBe(HttpTransportType.WebSockets | HttpTransportType.LongPolling);
  expect(events.onOnline).toHaveBeenLastCalledWith(true);
});

it('counts the people online once connected (the hub announces it only on first joins)', async () => {
  const events = eventsSpy();
  fake.hub.invoke.mockResolvedValue([
    { UserID: 1, NickName: '张伟', header: '', shopId: 1 },
    { UserID: 7, NickName: '李娜', header: '', shopId: 1 },
  ]);
  createRealtimeConnection({ getToken: () => 'k', events }).start();
  await settle();
  expect(fake.hub.invoke).toHaveBeenCalledWith('getOnlinefriend');
  expect(events.onOnlineCount).toHaveBeenLastCalledWith(2);
});

it('goes offline on a drop and reconnects 5 s later, online again', async () => {
  const events = eventsSpy();
  createRealtimeConnection({ getToken: () => 'k', events }).start();
  await settle();
  fake.hub.drop(new Error('socket closed'));
  expect(events.onOnline).toHaveBeenLastCalledWith(false);
  expect(warn).toHaveBeenCalled();

  await jest.advanceTimersByTimeAsync(4999);
  expect(fake.hub.start).toHaveBeenCalledTimes(1);
  await jest.advanceTimersByTimeAsync(1);
  expect(fake.hub.start).toHaveBeenCalledTimes(2);
  expect(events.onOnline).toHaveBeenLastCalledWith(true);
});

it('keeps trying every 5 s while the hub cannot be reached, only logging', async () => {
  const events = eventsSpy();
  fake.hub.start.mockRejectedValueOnce(new Error('refused')).mockRejectedValueOnce(new Error('refused'));
  createRealtimeConnection({ getToken: () => 'k', events }).start();
  await settle();
  expect(events.onOnline).toHaveBeenLastCalledWith(false);
  await jest.advanceTimersByTimeAsync(5000);
  expect(fake.hub.start).toHaveBeenCalledTimes(2);
  await jest.advanceTimersByTimeAsync(5000);
  expect(fake.hub.start).toHaveBeenCalledTimes(3);
  expect(events.onOnline).toHaveBeenLastCalledWith(true);
  expect(warn).toHaveBeenCalledTimes(2);
});

it('reports a refused login key (401) so the portal can check the session, and only then', async () => {
  const events = eventsSpy();
  const refusedKey = Object.assign(new Error('Unauthorized'), { statusCode: 401 });
  fake.hub.start.mockRejectedValueOnce(new Error('refused')).mockRejectedValueOnce(refusedKey);
  createRealtimeConnection({ getToken: () => 'k', events }).start();
  await settle();
  expect(events.onUnauthorized).not.toHaveBeenCalled();
  await jest.advanceTimersByTimeAsync(5000);
  expect(events.onUnauthorized).toHaveBeenCalledTimes(1);
});

it('stops for good on stop(): offline, no reconnect', async () => {
  const events = eventsSpy();
  const connection = createRealtimeConnection({ getToken: () => 'k', events });
  connection.start();
  await settle();
  await connection.stop();
  expect(fake.hub.stop).toHaveBeenCalled();
  expect(events.onOnline).toHaveBeenLastCalledWith(false);
  await jest.advanceTimersByTimeAsync(20000);
  expect(fake.hub.start).toHaveBeenCalledTimes(1);
  expect(warn).not.toHaveBeenCalled();
});

it('passes the pushes on and restarts when asked to reconnect', async () => {
  const events = eventsSpy();
  createRealtimeConnection({ getToken: () => 'k', events }).start();
  await settle();

  fake.hub.push('systemMessage', { onlineCount: 4 });
  expect(events.onOnlineCount).toHaveBeenLastCalledWith(4);
  const notify = { type: 'notify', notifyCount: 3, msg: 'x', onlineCount: 5, notification: { id: 9, cont: '新任务', addtime: '2024-01-01 10:00:00' } };
  fake.hub.push('privateSystemMsg', notify);
  expect(events.onNotify).toHaveBeenCalledWith(notify);
  expect(events.onOnlineCount).toHaveBeenLastCalledWith(5);
  const message = { fromUserId: 2, NickName: '张伟', header: '', msg: '你好', addtime: '2024-01-01 10:00:00' };
  fake.hub.push('privateMessage', message);
  expect(events.onPrivateMessage).toHaveBeenCalledWith(message);

  fake.hub.push('privateSystemMsg', { type: 'reconnect', msg: '密码已修改' });
  await settle();
  expect(fake.hub.stop).toHaveBeenCalledTimes(1);
  expect(fake.hub.start).toHaveBeenCalledTimes(2);
  expect(events.onOnline).toHaveBeenLastCalledWith(true);
});

it('passes a rights push on (the role changed)', async () => {
  const events = { ...eventsSpy(), onRightsChanged: jest.fn() };
  createRealtimeConnection({ getToken: () => 'k', events }).start();
  await settle();
  fake.hub.push('privateSystemMsg', { type: 'rights', msg: '您的权限已更新' });
  expect(events.onRightsChanged).toHaveBeenCalledTimes(1);
  expect(events.onNotify).not.toHaveBeenCalled();
});

it('asks the hub who is online', async () => {
  const connection = createRealtimeConnection({ getToken: () => 'k', events: eventsSpy() });
  fake.hub.invoke.mockResolvedValue([{ UserID: 1, NickName: '张伟', header: '', shopId: 1 }]);
  await expect(connection.getOnlineFriends()).resolves.toEqual([{ UserID: 1, NickName: '张伟', header: '', shopId: 1 }]);
  expect(fake.hub.invoke).toHaveBeenCalledWith('getOnlinefriend');
});
