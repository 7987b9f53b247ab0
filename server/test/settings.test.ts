import { nextNumber, readSettings, SETTINGS_DEFAULTS } from '../src/modules/system/settings/settings.service';
import { DEMO, startServer, type TestServer } from './harness';

type Envelope<T = unknown> = { result: string; msg: string; data: T };

let s: TestServer;
let admin = '';
beforeAll(async () => {
  s = await startServer();
  admin = await s.login(...DEMO.admin);
});
afterAll(async () => s.close());

const post = <T = unknown>(url: string, body: Record<string, unknown>, token = admin) => s.post<Envelope<T>>(url, body, { token });

test('readSettings gives typed defaults before anything is saved', async () => {
  const settings = await readSettings(s.app.portal.db);
  expect(settings).toMatchObject({
    poolNoFollowupDays: 30,
    poolNoDealDays: 90,
    poolWarningDays: 3,
    claimLimitPerDay: 10,
    reclaimWaitDays: 7,
    ownershipCap: 200,
    capCountsDealt: false,
  });
  expect(settings.numbering.customer).toEqual(SETTINGS_DEFAULTS.numbering.customer);
});

test('company name and logo: saved by basic:edit, read by everyone for the top bar, each change logged', async () => {
  expect((await post('/api/setting/saveCompany', { companyName: '华信科技', companyLogo: '/files/nothing.png' })).body.msg).toBe(
    '公司标志图片不存在，请先上传',
  );
  await s.app.portal.db
    .insertInto('files')
    .values({
      stored_name: 'logo.png',
      original_name: 'logo.png',
      url: '/files/logo.png',
      format: 'png',
      mime: 'image/png',
      size_bytes: 10,
      is_image: 1,
      user_id: 1,
      model_id: 0,
      pic_type: 'logo',
      code: '',
      user_type: '',
      category_id: 0,
      created_at: new Date().toISOString(),
    })
    .execute();
  expect((await post('/api/setting/saveCompany', { companyName: '华信科技', companyLogo: '/files/logo.png' })).body.msg).toBe('保存成功');
  expect((await post('/api/setting/saveCompany', { companyName: '华信科技', companyLogo: '/files/logo.png' })).body.msg).toBe('没有修改');
  const sales = await s.login(...DEMO.sales);
  expect((await post('/api/setting/company', {}, sales)).body.data).toEqual({ companyName: '华信科技', companyLogo: '/files/logo.png' });
  expect((await post('/api/setting/saveCompany', { companyName: 'x' }, sales)).status).toBe(403);
  expect((await post('/api/setting/index', {}, sales)).status).toBe(403);
  const logs = await s.post<{ rows: { group: string; UserName: string; newValue: string }[]; total: number }>('/api/setting/logs', {}, { token: admin });
  expect(logs.body.total).toBe(2); // the demo's own change and this one
  expect(logs.body.rows[0]).toMatchObject({ group: '公司信息', UserName: '系统管理员' });
  expect(JSON.parse(logs.body.rows[0]?.newValue ?? '{}')).toEqual({ companyName: '华信科技', companyLogo: '/files/logo.png' });
});

test('pool rules are validated, naming the field, and read back typed', async () => {
  const rules = {
    poolNoFollowupDays: 15,
    poolNoDealDays: 60,
    poolWarningDays: 2,
    claimLimitPerDay: 5,
    reclaimWaitDays: 10,
    ownershipCap: 300,
    capCountsDealt: 1,
  };
  expect((await post('/api/setting/savePool', rules)).body.result).toBe('success');
  expect(await readSettings(s.app.portal.db)).toMatchObject({ ...rules, capCountsDealt: true });
  expect((await post('/api/setting/savePool', { ...rules, poolNoFollowupDays: -1 })).body.msg).toBe('未跟进回收天数必须是0到3650之间的整数');
  expect((await post('/api/setting/savePool', { ...rules, claimLimitPerDay: '' })).body.msg).toBe('每日领取上限不能为空');
  const all = await post<{ poolNoFollowupDays: number; numberKinds: { key: string; name: string }[] }>('/api/setting/index', {});
  expect(all.body.data.poolNoFollowupDays).toBe(15);
  expect(all.body.data.numberKinds).toContainEqual({ key: 'contract', name: '合同编号' });
});

test('nextNumber: prefix + date + sequence, unique under concurrency', async () => {
  expect((await post('/api/setting/saveNumbering', { kind: 'contract', prefix: 'HT-', withDate: 1, digits: 5 })).body.result).toBe('success');
  const db = s.app.portal.db;
  const at = new Date('2026-11-24T02:00:00Z');
  const numbers = await Promise.all(Array.from({ length: 40 }, () => nextNumber(db, 'contract', at)));
  expect(new Set(numbers).size).toBe(40);
  expect(numbers.every((n) => /^HT-20261124\d{5}$/.test(n))).toBe(true);
  expect([...numbers].sort()[39]).toBe('HT-2026112400040');
  expect(await nextNumber(db, 'contract', new Date('2026-11-24T17:00:00Z'))).toBe('HT-2026112500001');
  expect((await post('/api/setting/saveNumbering', { kind: 'bill', prefix: 'X' })).body.msg).toBe('编号类型格式不正确');
});

test('login security: password rule on password change, failed-login limit, session lifetime', async () => {
  expect((await post('/api/setting/saveSecurity', { passwordMinLength: 8, passwordClasses: 3, loginFailLimit: 3, sessionHours: 2 })).body.result).toBe(
    'success',
  );
  const token = await s.login('sales3', 'sales123');
  const weak = await post('/api/user/EditPwd', { oldpwd: 'sales123', newpwd: 'abcdefgh' }, token);
  expect(weak.body.msg).toBe('新密码至少要包含小写字母、大写字母、数字、其他字符中的3类');
  expect((await post('/api/user/EditPwd', { oldpwd: 'sales123', newpwd: 'Abcdef12' }, token)).body.result).toBe('success');
  // A login now lasts 2 hours.
  const fresh = await s.login('sales3', 'Abcdef12');
  s.clock.advance(2.1 * 3600_000);
  expect((await s.get('/api/user/isApplogin', { token: fresh })).status).toBe(401);
  // The 4th failure of one account from one IP is locked out.
  for (let i = 0; i < 3; i++) expect((await s.post('/api/user/login', { username: 'sales6', password: 'bad' })).status).toBe(400);
  expect((await s.post('/api/user/login', { username: 'sales6', password: 'bad' })).status).toBe(429);
  expect((await post('/api/setting/saveSecurity', { passwordMinLength: 4, passwordClasses: 1, loginFailLimit: 3, sessionHours: 2 })).body.msg).toBe(
    '密码最小长度必须是6到32之间的整数',
  );
});

test('upload size: saved by basic:edit and read back by the page beside the server’s own limit; the same value again changes nothing', async () => {
  const saved = await post('/api/setting/saveUpload', { uploadMaxMb: 5 });
  expect(saved.body).toEqual({ result: 'success', msg: '保存成功' });
  const page = await post<{ uploadMaxMb: number; uploadLimitMb: number }>('/api/setting/index', {});
  expect(page.body.data.uploadMaxMb).toBe(5);
  expect(page.body.data.uploadLimitMb).toEqual(expect.any(Number));
  expect((await post('/api/setting/saveUpload', { uploadMaxMb: 5 })).body).toEqual({ result: 'success', msg: '没有修改' });
});
