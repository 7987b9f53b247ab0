/**
 * 报销 (api/baoxiao/*) replies: 我的报销单 lists the caller's own claims, the detail carries the
 * lines and the receipts as stored, and saving answers the claim and its approval instance.
 * (The approval flow of a claim, and editing one, are covered by workflow.test.ts.)
 */
import type { ExpenseDetail, ExpenseRow, ExpenseSaved, ListReplyOf } from '@portal/shared-contract';
import { DEMO, startServer, type TestServer } from './harness';

type Envelope<T> = { result: string; msg: string; data?: T };

let s: TestServer;
const tok: Record<string, string> = {};

beforeAll(async () => {
  s = await startServer();
  for (const [name, [u, p]] of Object.entries(DEMO)) tok[name] = await s.login(u, p);
});
afterAll(async () => {
  await s.close();
});

const post = <T>(who: string, url: string, body: Record<string, unknown> = {}) => s.post<T>(url, body, { token: tok[who] });

test('a claim with lines and receipts: saved, listed among the caller’s own, shown in detail', async () => {
  const added = await post<Envelope<ExpenseSaved>>('sales', '/api/baoxiao/add', {
    type: 3,
    title: '展会布展',
    riqi: '2026-11-20',
    project: '秋季展会',
    pictures: JSON.stringify(['/files/receipt.png', { id: 7, url: '/files/other.png' }]),
    items: JSON.stringify([
      { amount: '120.5', category: '差旅费', riqi: '2026-11-20', note: '车费', pictures: [{ id: 3, url: '/files/ticket.png' }] },
      { riqi: '2026-11-21', amount: '80' },
    ]),
  });
  expect(added.body).toMatchObject({ result: 'success', data: { id: expect.any(Number), taskid: expect.any(Number) } });
  const { id, taskid } = added.body.data!;

  const list = (await post<ListReplyOf<ExpenseRow>>('sales', '/api/baoxiao/index', { rows: 50 })).body;
  expect(list.rows.find((r) => r.id === id)).toEqual({
    id,
    type: 3,
    typeName: '项目',
    title: '展会布展',
    Money: '200.50',
    riqi: '2026-11-20',
    status: 1,
    statusText: '审核中',
    taskid,
    AddTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
  });
  expect((await post<ListReplyOf<ExpenseRow>>('manager', '/api/baoxiao/index', { rows: 50 })).body.rows.some((r) => r.id === id)).toBe(false);

  const detail = (await post<Envelope<ExpenseDetail>>('sales', '/api/baoxiao/Views', { id })).body.data!;
  expect(detail).toMatchObject({ id, type: '3', typeName: '项目', Money: '200.50', project: '秋季展会', taskid, status: 1, editable: false });
  expect(typeof detail.branchId === 'number' || detail.branchId === '').toBe(true);
  expect(detail.pictures).toEqual([{ url: '/files/receipt.png' }, { id: 7, url: '/files/other.png' }]);
  expect(detail.items).toEqual([
    {
      id: expect.any(Number),
      riqi: '2026-11-20',
      ext: '车费',
      amount: '120.50',
      category: '差旅费',
      note: '车费',
      pictures: [{ id: 3, url: '/files/ticket.png' }],
    },
    { id: expect.any(Number), riqi: '2026-11-21', ext: '', amount: '80.00', category: '', note: '', pictures: [] },
  ]);
});
