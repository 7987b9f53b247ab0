import { DEMO, startServer, type TestServer } from './harness';

type Region = { id: number; name: string };

let s: TestServer;
let token = '';

const regions = (query: string, t = token) => s.get<Region[] | { result: string; msg: string }>(`/Api/city/list/?${query}`, { token: t });

beforeAll(async () => {
  s = await startServer();
  token = await s.login(...DEMO.sales);
});
afterAll(async () => {
  await s.close();
});

test('type=1 lists the 34 provinces (台湾, 香港, 澳门 included) as bare {id, name} sorted by code', async () => {
  const res = await regions('type=1&status=0');
  expect(res.status).toBe(200);
  const list = res.body as Region[];
  expect(list).toHaveLength(34);
  expect(list).toEqual(
    expect.arrayContaining([
      { id: 71, name: '台湾省' },
      { id: 81, name: '香港特别行政区' },
      { id: 82, name: '澳门特别行政区' },
    ]),
  );
  expect(list[0]).toEqual({ id: 11, name: '北京市' });
  expect(list).toContainEqual({ id: 44, name: '广东省' });
  expect(list.map((r) => r.id)).toEqual([...list.map((r) => r.id)].sort((a, b) => a - b));
});

test('type=2 lists the cities of 广东省, type=3 the districts of 广州市', async () => {
  const cities = (await regions('type=2&parentid=44')).body as Region[];
  expect(cities).toContainEqual({ id: 4401, name: '广州市' });
  expect(cities).toContainEqual({ id: 4403, name: '深圳市' });
  expect(cities.every((c) => String(c.id).startsWith('44'))).toBe(true);
  const districts = (await regions('type=3&parentid=4401')).body as Region[];
  expect(districts).toContainEqual({ id: 440106, name: '天河区' });
  expect(districts.every((d) => String(d.id).startsWith('4401'))).toBe(true);
});

test('the data is kept as published: the one city of a municipality is 市辖区', async () => {
  expect((await regions('type=2&parentid=11')).body).toEqual([{ id: 1101, name: '市辖区' }]);
  expect((await regions('type=3&parentid=1101')).body).toContainEqual({ id: 110105, name: '朝阳区' });
});

test('bad type or parentid gets an error message', async () => {
  for (const [query, msg] of [
    ['type=4', '地区级别参数不正确'],
    ['type=abc', '地区级别参数不正确'],
    ['', '地区级别参数不正确'],
    ['type=2', '请先选择省份'],
    ['type=3&parentid=x', '上级地区参数不正确'],
    ['type=2&parentid=99', '上级地区不存在'],
    ['type=3&parentid=44', '上级地区不存在'],
  ] as const) {
    const res = await regions(query);
    expect(res.body).toMatchObject({ result: 'error', msg: expect.stringContaining(msg) });
  }
});

test('needs a login', async () => {
  const res = await s.get<{ result: string; msg: string }>('/Api/city/list/?type=1');
  expect(res.status).toBe(401);
  expect(res.body.msg).toContain('登陆');
});

test('the regions are seeded once: a second start keeps the same rows', async () => {
  const { seedReferenceData } = await import('../src/db/seed/reference-data');
  const count = async () =>
    Number(
      (
        await s.app.portal.db
          .selectFrom('regions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const before = await count();
  expect(before).toBeGreaterThan(3000);
  await seedReferenceData(s.app.portal.db);
  expect(await count()).toBe(before);
});

test('香港 has its three areas and their districts', async () => {
  const cities = (await regions('type=2&parentid=81')).body as Region[];
  expect(cities.map((c) => c.name)).toEqual(['香港岛', '九龙', '新界']);
  const districts = (await regions(`type=3&parentid=${cities[0]?.id ?? 0}`)).body as Region[];
  expect(districts).toContainEqual({ id: 810101, name: '中西区' });
});
