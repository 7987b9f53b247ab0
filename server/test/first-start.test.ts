import { startServer } from './harness';

test('SEED_DEMO=0 without ADMIN_PASSWORD refuses to start with a clear message', async () => {
  await expect(startServer({ seedDemo: false, adminPassword: undefined })).rejects.toThrow(/ADMIN_PASSWORD/);
});

test('SEED_DEMO=0 creates only the administrator, with the given password', async () => {
  const s = await startServer({ seedDemo: false, adminPassword: 'S3cret-pass' });
  try {
    const users = await s.app.portal.db.selectFrom('users').select('username').execute();
    expect(users.map((u) => u.username)).toEqual(['admin']);
    const customers = await s.app.portal.db.selectFrom('customers').select('id').execute();
    expect(customers).toEqual([]);
    const demo = await s.post<{ msg: string }>('/api/user/login', { username: 'admin', password: 'admin123' });
    expect(demo.body.msg).toBe('用户名或密码错误');
    await s.login('admin', 'S3cret-pass');
  } finally {
    await s.close();
  }
});
