/**
 * Searches take the key as typed: `%`, `_` and `\` are text, not LIKE wildcards, on SQLite and on
 * PostgreSQL (every LIKE goes through containsLike, modules/shared/contains-search.ts). Before, the
 * flow list and the approval lists escaped the key with backslashes but never said ESCAPE, so on
 * SQLite a search for `50%` found nothing.
 */
import { DEMO, startServer, type TestServer } from './harness';

type Env<T> = { result: string; msg: string; data?: T };
type List<R> = { rows: R[]; total: number };

let s: TestServer;
const tok: Record<string, string> = {};
let uid: Record<string, number> = {};

beforeAll(async () => {
  s = await startServer();
  tok.admin = await s.login(...DEMO.admin);
  tok.sales = await s.login(...DEMO.sales);
  const users = await s.app.portal.db.selectFrom('users').select(['id', 'username']).execute();
  uid = Object.fromEntries(users.map((u) => [u.username, u.id]));
});
afterAll(async () => {
  await s.close();
});

const post = <T>(who: string, url: string, body: Record<string, unknown> = {}) => s.post<T>(url, body, { token: tok[who] });

/** Names and titles that a wildcard would confuse: `50%` must not find 500 or 50 alone, `a_b` not axb. */
const NAMES = ['季度达成50%奖励', '季度达成500奖励', '季度达成50奖励', '单号a_b报销', '单号axb报销', '单号a\\b报销'];

const flowJson = () => ({
  nodes: [
    { id: 's', name: '开始', config: { kind: 'start' } },
    { id: 'a', name: '经理审批', config: { kind: 'approver', approver: { type: 'users', userIds: [uid.manager1] } } },
    { id: 'e', name: '结束', config: { kind: 'end' } },
  ],
  lines: [
    { from: 's', to: 'a' },
    { from: 'a', to: 'e' },
  ],
});

test('the flow list (流程管理) and the approval lists find exactly the names that contain the key as typed', async () => {
  for (const name of NAMES) {
    const added = await post<Env<{ id: number }>>('admin', '/api/flow/add', { name, formMode: 'leave', WorlFlowJson: JSON.stringify(flowJson()) });
    expect(added.body.result).toBe('success');
    const sub = await post<Env<{ taskid: number }>>('sales', '/api/WorkFlow/Approval', {
      flowId: added.body.data!.id,
      title: name,
      data: JSON.stringify({ days: '1', reason: '测试' }),
    });
    expect(sub.body.result).toBe('success');
  }
  const flows = async (key: string) => (await post<List<{ name: string }>>('admin', '/api/flow/index', { rows: 100, key })).body.rows.map((r) => r.name).sort();
  const approvals = async (key: string) =>
    (await post<List<{ taskName: string }>>('sales', '/api/WorkFlow/mySubmit', { rows: 100, key })).body.rows.map((r) => r.taskName).sort();

  for (const search of [flows, approvals]) {
    expect(await search('50%')).toEqual(['季度达成50%奖励']);
    expect(await search('a_b')).toEqual(['单号a_b报销']);
    expect(await search('a\\b')).toEqual(['单号a\\b报销']);
    expect(await search('达成50')).toEqual(['季度达成500奖励', '季度达成50%奖励', '季度达成50奖励'].sort());
    expect(await search('%')).toEqual(['季度达成50%奖励']);
    expect(await search('_')).toEqual(['单号a_b报销']);
  }
});
