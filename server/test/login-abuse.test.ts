/**
 * Issue 12 items 2, 3 and 7: parallel guesses, lockouts of other people, the unlock action and the
 * password-change oracle.
 */
import { loadConfig } from '../src/config';
import { DEMO, startServer, type TestServer } from './harness';

type Envelope<T = Record<string, unknown>> = { result: string; msg: string; data?: T };

let s: TestServer;
let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const attempt = (username: string, password: string, ip: string) => s.post<Envelope>('/api/user/login', { username, password }, from(ip));

beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.close();
});

describe('parallel guesses are counted before the password is checked', () => {
  test('40 parallel logins for one account from one IP (39 wrong, 1 right): at most 5 passwords checked, the rest 429', async () => {
    const ip = freshIp();
    const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt('sales6', i === 20 ? 'sales123' : `wrong${i}`, ip)));
    const checked = replies.filter((r) => r.status !== 429);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(40 - checked.length);
    for (const r of replies.filter((x) => x.status === 429)) expect(r.body).toEqual({ result: 'error', msg: '登录失败次数过多，请15分钟后再试' });
  });

  test('200 parallel wrong guesses from one IP: at most 20 passwords checked', async () => {
    const ip = freshIp();
    const replies = await Promise.all(Array.from({ length: 200 }, (_, i) => attempt(`ghost${i}`, 'x', ip)));
    const checked = replies.filter((r) => r.status !== 429).length;
    expect(checked).toBeLessThanOrEqual(20);
    expect(checked).toBeGreaterThan(0);
  });
});

describe('nobody can lock anybody out', () => {
  test('5 wrong passwords from one IP lock that IP for that account only; the owner from another IP still logs in (slowed down)', async () => {
    const attacker = freshIp();
    for (let i = 0; i < 5; i++) expect((await attempt('sales7', 'wrong', attacker)).status).toBe(400);
    expect((await attempt('sales7', 'sales123', attacker)).status).toBe(429);
    const started = Date.now();
    const owner = await attempt('sales7', 'sales123', freshIp());
    expect(owner.body).toMatchObject({ result: 'success', msg: '登录成功' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    // The attacker's IP may still try other accounts (its own limit is 20).
    expect((await attempt('sales8', 'sales123', attacker)).body.result).toBe('success');
  });

  test('wrong passwords spread over many IPs never lock the account', async () => {
    for (let i = 0; i < 8; i++) expect((await attempt('sales9', 'wrong', freshIp())).status).toBe(400);
    expect((await attempt('sales9', 'sales123', freshIp())).body.result).toBe('success');
  });

  test('administrators see locked accounts and unlock them (system user right)', async () => {
    const attacker = freshIp();
    for (let i = 0; i < 5; i++) await attempt('sales10', 'wrong', attacker);
    expect((await attempt('sales10', 'sales123', attacker)).status).toBe(429);
    const admin = await s.login(...DEMO.admin, from(freshIp()));
    const manager = await s.login(...DEMO.manager, from(freshIp()));
    const listed = await s.post<{ rows: { id: number; UserName: string; IPs: string[]; failures: number; lockedUntil: string }[]; total: number }>(
      '/api/user/LockedAccounts',
      {},
      { token: admin },
    );
    const row = listed.body.rows.find((r) => r.UserName === 'sales10');
    expect(row).toMatchObject({ IPs: [attacker], lockedUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
    expect(row?.failures).toBeGreaterThanOrEqual(5);
    expect((await s.post('/api/user/LockedAccounts', {}, { token: manager })).status).toBe(403);
    expect((await s.post('/api/user/Unlock', { id: row?.id }, { token: manager })).status).toBe(403);
    const unlocked = await s.post<Envelope>('/api/user/Unlock', { id: row?.id }, { token: admin });
    expect(unlocked.body).toMatchObject({ result: 'success', msg: '已解锁' });
    expect((await attempt('sales10', 'sales123', attacker)).body.result).toBe('success');
    expect((await s.post<Envelope>('/api/user/Unlock', { id: 99_999 }, { token: admin })).body.msg).toBe('用户不存在');
  });

  test('TRUST_PROXY: off by default, true, a hop count or proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }).trustProxy).toBe('127.0.0.1,10.0.0.0/8');
  });
});

describe('EditPwd', () => {
  test('wrong old passwords are throttled like the login: 30 tries → at most 5 × 原密码错误, then 429', async () => {
    const token = await s.login('sales11', 'sales123', from(freshIp()));
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => s.post<Envelope>('/api/user/EditPwd', { oldpwd: 'guess', newpwd: 'newpass1' }, { token })),
    );
    const oracle = replies.filter((r) => r.body.msg === '原密码错误');
    expect(oracle.length).toBeLessThanOrEqual(5);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(30 - oracle.length);
    expect(replies.find((r) => r.status === 429)?.body.msg).toBe('原密码错误次数过多，请15分钟后再试');
    // even the right old password waits for the window
    expect((await s.post('/api/user/EditPwd', { oldpwd: 'sales123', newpwd: 'newpass1' }, { token })).status).toBe(429);
    s.clock.advance(16 * 60_000);
    expect((await s.post<Envelope>('/api/user/EditPwd', { oldpwd: 'sales123', newpwd: 'newpass1' }, { token })).body.msg).toBe('密码修改成功');
  });

  test('two simultaneous changes: exactly one succeeds, and its password is the one that works', async () => {
    const token = await s.login('sales12', 'sales123', from(freshIp()));
    const [a, b] = await Promise.all([
      s.post<Envelope>('/api/user/EditPwd', { oldpwd: 'sales123', newpwd: 'first111' }, { token }),
      s.post<Envelope>('/api/user/EditPwd', { oldpwd: 'sales123', newpwd: 'second22' }, { token }),
    ]);
    const wins = [a, b].filter((r) => r.body.msg === '密码修改成功');
    expect(wins).toHaveLength(1);
    const loser = a === wins[0] ? b : a;
    expect(loser.body.result).toBe('error');
    const winner = a === wins[0] ? 'first111' : 'second22';
    const other = winner === 'first111' ? 'second22' : 'first111';
    expect((await attempt('sales12', other, freshIp())).body.msg).toBe('用户名或密码错误');
    expect((await attempt('sales12', winner, freshIp())).body.result).toBe('success');
  });
});
