import { startServer } from './harness';

type Region = { id: number; name: string };

// Its own file: on PostgreSQL, Kysely's migrator would see the migration tables of another live test schema
// (its table check spans schemas), so a second server cannot start while the first one's schema exists.
test('SEED_DEMO=0 installations get the regions and the built-in forms too', async () => {
  const bare = await startServer({ seedDemo: false, adminPassword: 'S3cret-pass' });
  try {
    const admin = await bare.login('admin', 'S3cret-pass');
    expect((await bare.get<Region[]>('/Api/city/list/?type=1', { token: admin })).body).toHaveLength(34);
    const demo = await bare.post<{ result: string; data: { mode: string } }>('/Api/formField/index/', { mode: 'fieldDemo', isshow: 1 }, { token: admin });
    expect(demo.body).toMatchObject({ result: 'success', data: { mode: 'fieldDemo' } });
    expect(await bare.app.portal.db.selectFrom('customers').select('id').execute()).toEqual([]);
  } finally {
    await bare.close();
  }
});
