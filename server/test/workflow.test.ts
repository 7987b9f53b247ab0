import { sql } from 'kysely';
/**
 * The approval engine over HTTP on a real database (SQLite, or PostgreSQL with DATABASE_URL): the
 * seeded 费用报销 flow end to end, exactly one decision under races, return and resume, versions,
 * validation messages naming the node, forward/urge/comment rules, and timeouts with the test clock.
 */
import { transact } from '../src/db/transact';
import { handOverOpenSteps } from '../src/modules/oa/workflow/departure-handover';
import { runTimeouts } from '../src/modules/oa/workflow/step-timeouts';
import { DEMO, startServer, type TestServer } from './harness';

type Env = {
  result: string;
  msg: string;
  data?: Record<string, unknown> & { nodeId?: string; Status?: number; recordStatus?: number; taskid?: number; id?: number };
};
type Row = { id: number; TaskID: number; Status: number; recordStatus: number; taskName: string; NodeID: string };
type List = { rows: Row[]; total: number };

let s: TestServer;
const tok: Record<string, string> = {};
const uid: Record<string, number> = {};

beforeAll(async () => {
  s = await startServer();
  for (const [name, [u, p]] of Object.entries({
    ...DEMO,
    sales2: ['sales2', 'sales123'],
    manager2: ['manager2', 'manager123'],
    sales5: ['sales5', 'sales123'],
  } as Record<string, readonly [string, string]>)) {
    tok[name] = await s.login(u, p);
  }
  const users = await s.app.portal.db.selectFrom('users').select(['id', 'username']).execute();
  for (const u of users) uid[u.username] = u.id;
});
afterAll(async () => {
  await s.close();
});

const post = <T = Env>(who: string, url: string, body: Record<string, unknown> = {}) => s.post<T>(url, body, { token: tok[who] });
const todo = async (who: string) => (await post<List>(who, '/api/WorkFlow/todo', { rows: 100 })).body;
const stepOf = async (who: string, taskId: number) => {
  const row = (await todo(who)).rows.find((r) => r.TaskID === taskId);
  if (!row) throw new Error(`${who} has no open step on ${taskId}`);
  return row.id;
};

async function claim(who: string, amount: string, cc: number[] = []) {
  const res = await post(who, '/api/baoxiao/add', {
    type: 1,
    title: '客户拜访',
    riqi: '2026-11-20',
    items: JSON.stringify([{ amount, category: '差旅费', riqi: '2026-11-20', ext: '机票' }]),
    cc: JSON.stringify(cc.map((userid) => ({ userid }))),
  });
  expect(res.body).toMatchObject({ result: 'success' });
  return { id: res.body.data!.id as number, taskid: res.body.data!.taskid as number };
}

test('the seeded approvals fill the lists: 待我审批 for the manager and finance, 我发起的 for the reps', async () => {
  expect((await todo('manager')).rows.some((r) => r.taskName.includes('客户招待'))).toBe(true);
  expect((await todo('finance')).rows.some((r) => r.taskName.includes('上海客户拜访差旅'))).toBe(true);
  const mine = (await post<List>('sales', '/api/WorkFlow/mySubmit')).body;
  expect(mine.rows.map((r) => r.recordStatus).sort()).toEqual(expect.arrayContaining([1]));
  const leaveOnly = (await post<List>('manager', '/api/WorkFlow/todo', { rows: 100, flowId: 2 })).body.rows;
  expect(leaveOnly.length).toBeGreaterThan(0);
  expect(leaveOnly.every((r) => r.taskName.includes('请假'))).toBe(true);
  expect((await post<List>('manager', '/api/WorkFlow/todo', { rows: 100, key: '客户招待' })).body.total).toBe(1);
  const all = (await post<List>('admin', '/api/WorkFlow/all', { rows: 100 })).body;
  expect(new Set(all.rows.map((r) => r.recordStatus))).toEqual(new Set([0, 1, 2, 3, 4]));
});

test('the manager edits the 备注 their node makes writable: the claim takes it, other fields and bad values are refused', async () => {
  const { id, taskid } = await claim('sales', '320.50');
  const m = await stepOf('manager', taskid);
  expect((await post('manager', '/api/WorkFlow/getNodeConfig', { nodeid: 'manager', taskid })).body.data).toMatchObject({ writeField: { beizhu: 'edit' } });
  const edit = (who: string, data: Record<string, unknown>) => post(who, '/api/WorkFlow/editFormField', { stepid: m, data: JSON.stringify(data) });

  expect((await edit('manager', { beizhu: '含停车费，已核对' })).body).toMatchObject({ result: 'success' });
  expect((await post('sales', '/api/baoxiao/Views', { id })).body.data).toMatchObject({ beizhu: '含停车费，已核对', Money: '320.50', status: 1 });
  const detail = (await post('manager', '/api/WorkFlow/detail', { taskid })).body.data as { data: Record<string, unknown> };
  expect(detail.data).toMatchObject({ beizhu: '含停车费，已核对', Money: '320.50' });

  // Fields the node does not open, values the claim would refuse, and other people's steps change nothing.
  expect((await edit('manager', { Money: '1' })).body).toEqual({ result: 'error', msg: '字段「Money」在当前节点不可编辑' });
  expect((await edit('manager', { beizhu: '长'.repeat(301) })).body).toEqual({ result: 'error', msg: '备注不能超过300个字符' });
  expect((await edit('finance', { beizhu: '财务改的' })).body).toMatchObject({ result: 'error' });
  expect((await post('sales', '/api/baoxiao/Views', { id })).body.data).toMatchObject({ beizhu: '含停车费，已核对', Money: '320.50' });
  const logs = ((await post('sales', '/api/WorkFlow/detail', { taskid })).body.data as { logs: { Ext: string }[] }).logs;
  expect(logs.filter((l) => l.Ext === '修改了 beizhu')).toHaveLength(1);
});

test('a rep submits a 6,000 报销 with a cc; the manager approves, finance approves; the rep sees 通过', async () => {
  const { id, taskid } = await claim('sales', '6000', [uid.sales2]);
  const views = await post('sales', '/api/baoxiao/Views', { id });
  expect(views.body.data).toMatchObject({ Money: '6000.00', status: 1, statusText: '审核中' });
  expect((await post<List>('sales2', '/api/WorkFlow/myCc')).body.rows.some((r) => r.TaskID === taskid)).toBe(true);

  const m = await stepOf('manager', taskid);
  const detail = await post('manager', '/api/WorkFlow/detail', { taskid });
  expect(detail.body.data).toMatchObject({ myStep: { id: m, type: 'other', Status: 1 } });
  // The snapshot the approvers read carries the 票据照片 field (none were sent here).
  expect((detail.body.data as { data: Record<string, unknown> }).data).toMatchObject({ Money: '6000.00', pictures: [] });
  const ok = await post('manager', '/api/WorkFlow/Approved', { ids: m, ext: '同意' });
  expect(ok.body).toMatchObject({ result: 'success', data: { Status: 3, recordStatus: 1 } });
  // A double click: exactly one decision.
  const again = await post('manager', '/api/WorkFlow/Approved', { ids: m, ext: '同意' });
  expect(again.body).toEqual({ result: 'error', msg: '该审批已被处理' });

  const f = await stepOf('finance', taskid);
  expect((await post('finance', '/api/WorkFlow/Approved', { ids: f })).body).toMatchObject({ result: 'success', data: { recordStatus: 2 } });
  const row = (await post<List>('sales', '/api/WorkFlow/mySubmit', { rows: 50 })).body.rows.find((r) => r.TaskID === taskid);
  expect(row).toMatchObject({ recordStatus: 2 });
  expect((await post('sales', '/api/baoxiao/Views', { id })).body.data).toMatchObject({ status: 2, statusText: '通过', editable: false });
  expect((await post('sales', '/api/baoxiao/edit', { id, type: 1, title: 'x', Money: '1' })).body).toMatchObject({
    result: 'error',
    msg: '报销单已通过，不能修改',
  });
  // Read receipts: the manager opened it, the cc has not.
  const reads = (await post<{ rows: { nickname: string; is_read: string }[] }>('sales', '/api/WorkFlow/loadRead', { taskid })).body.rows;
  expect(reads.find((r) => r.nickname === '张伟')?.is_read).toBe('True');
  expect(reads.find((r) => r.nickname === '赵强')?.is_read).toBe('False');
  const notes = await s.app.portal.db.selectFrom('notifications').select('cont').where('user_id', '=', uid.sales1).where('model_id', '=', taskid).execute();
  expect(notes.map((n) => n.cont)).toContain(`你的审批「${(detail.body.data as { task: { title: string } }).task.title}」已通过`);
});

test('under 5,000 the manager alone decides; racing approvals on one step give exactly one decision', async () => {
  const { taskid } = await claim('sales', '100');
  const m = await stepOf('manager', taskid);
  const results = await Promise.all([1, 2, 3].map(() => post('manager', '/api/WorkFlow/Approved', { ids: m })));
  expect(results.filter((r) => r.body.result === 'success')).toHaveLength(1);
  expect(results.filter((r) => r.body.msg === '该审批已被处理')).toHaveLength(2);
  const logs = await s.app.portal.db.selectFrom('wf_logs').select('action').where('instance_id', '=', taskid).where('action', '=', 'approve').execute();
  expect(logs).toHaveLength(1);
  expect((await post('sales', '/api/WorkFlow/detail', { taskid })).body.data).toMatchObject({ task: { Status: 2 } });
});

test('或签 with two approvers racing: one decides, the other step is closed as handled', async () => {
  const json = {
    nodes: [
      { id: 's', name: '开始', config: { kind: 'start' } },
      { id: 'a', name: '经理或签', config: { kind: 'approver', mode: 'or', approver: { type: 'users', userIds: [uid.manager1, uid.manager2] } } },
      { id: 'e', name: '结束', config: { kind: 'end' } },
    ],
    lines: [
      { from: 's', to: 'a' },
      { from: 'a', to: 'e' },
    ],
  };
  const added = await post('admin', '/api/flow/add', { name: '或签测试', formMode: 'leave', WorlFlowJson: JSON.stringify(json) });
  expect(added.body.result).toBe('success');
  const sub = await post('sales', '/api/WorkFlow/Approval', { flowId: added.body.data!.id, data: JSON.stringify({ days: '1', reason: '测试' }) });
  expect(sub.body.result).toBe('success');
  const taskid = sub.body.data!.taskid as number;
  const [m1, m2] = [await stepOf('manager', taskid), await stepOf('manager2', taskid)];
  const [a, b] = await Promise.all([post('manager', '/api/WorkFlow/Approved', { ids: m1 }), post('manager2', '/api/WorkFlow/Approved', { ids: m2 })]);
  expect([a.body, b.body].filter((r) => r.result === 'success')).toHaveLength(1);
  expect([a.body, b.body].filter((r) => r.msg === '该审批已被处理')).toHaveLength(1);
  const steps = await s.app.portal.db.selectFrom('wf_steps').select(['outcome']).where('instance_id', '=', taskid).where('node_id', '=', 'a').execute();
  expect(steps.filter((x) => x.outcome === 'approved')).toHaveLength(1);
  expect(steps.filter((x) => x.outcome === 'closed')).toHaveLength(1);
  await post('admin', '/api/flow/changeStatus', { id: added.body.data!.id, status: 0 });
});

test('return to the submitter, edit, 重新提交 goes straight back to the returning node (resume at returner)', async () => {
  const { id, taskid } = await claim('sales', '8000');
  await post('manager', '/api/WorkFlow/Approved', { ids: await stepOf('manager', taskid) });
  const f = await stepOf('finance', taskid);
  const targets = (await post<{ rows: { NodeID: string }[] }>('finance', '/api/WorkFlow/findStepsPassed', { taskid })).body.rows.map((r) => r.NodeID);
  expect(targets).toEqual(['start', 'manager']);
  expect((await post('finance', '/api/WorkFlow/Refused', { ids: f, node_id: 'finance' })).body.msg).toBe('只能退回到已经审批通过的节点');
  expect((await post('finance', '/api/WorkFlow/Refused', { ids: f, node_id: 'start', ext: '请补充发票' })).body).toMatchObject({
    result: 'success',
    data: { Status: 4, recordStatus: 0 },
  });
  expect((await post('sales', '/api/baoxiao/Views', { id })).body.data).toMatchObject({ status: 0, editable: true });
  expect(
    (await post('sales', '/api/baoxiao/edit', { id, type: 1, title: '客户拜访（补发票）', items: JSON.stringify([{ amount: '8200', category: '差旅费' }]) }))
      .body.result,
  ).toBe('success');
  const start = await stepOf('sales', taskid);
  const panel = await post('sales', '/api/WorkFlow/detail', { taskid });
  expect(panel.body.data).toMatchObject({ myStep: { type: 'start', returnTargets: [] } });
  expect((await post('sales', '/api/WorkFlow/Approved', { ids: start, ext: '已补充' })).body).toMatchObject({ result: 'success', data: { recordStatus: 1 } });
  expect((await todo('manager')).rows.some((r) => r.TaskID === taskid)).toBe(false);
  await post('finance', '/api/WorkFlow/Approved', { ids: await stepOf('finance', taskid) });
  expect((await post('sales', '/api/baoxiao/Views', { id })).body.data).toMatchObject({ status: 2, Money: '8200.00' });
});

test('refuse outright ends the instance (未通过); the rep edits and resubmits as a new round', async () => {
  const { id, taskid } = await claim('sales', '300');
  expect((await post('manager', '/api/WorkFlow/Refused', { ids: await stepOf('manager', taskid), ext: '不合规' })).body).toMatchObject({
    data: { recordStatus: 3 },
  });
  const edited = await post('sales', '/api/baoxiao/edit', { id, type: 1, title: '客户拜访', Money: '280' });
  expect(edited.body.data!.taskid).not.toBe(taskid);
  expect((await post('sales', '/api/baoxiao/Views', { id })).body.data).toMatchObject({ status: 1, Money: '280.00' });
});

test('saving an invalid flow names the node; a change makes a new version and running instances keep theirs', async () => {
  const detail = (
    await post<{ data: { id: number; WorlFlowJson: { nodes: { id: string }[]; lines: { from: string; to: string }[] }; version: number } }>(
      'admin',
      '/api/flow/detail',
      { id: 1 },
    )
  ).body.data;
  const broken = { ...detail.WorlFlowJson, lines: detail.WorlFlowJson.lines.filter((l) => !(l.from === 'amount' && l.to === 'end')) };
  const res = await post('admin', '/api/flow/Edit', { id: 1, name: '费用报销', formMode: 'baoxiao', WorlFlowJson: JSON.stringify(broken) });
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ result: 'error', msg: '条件分支「金额判断」至少需要两条连线', data: { nodeId: 'amount' } });

  const { taskid } = await claim('sales', '9000');
  const before = await s.app.portal.db.selectFrom('wf_instances').select('version_id').where('id', '=', taskid).executeTakeFirstOrThrow();
  const changed = { ...detail.WorlFlowJson, nodes: detail.WorlFlowJson.nodes.map((n) => (n.id === 'finance' ? { ...n, name: '财务总监' } : n)) };
  const saved = await post('admin', '/api/flow/Edit', { id: 1, name: '费用报销', formMode: 'baoxiao', WorlFlowJson: JSON.stringify(changed) });
  expect(saved.body).toMatchObject({ result: 'success', data: { version: detail.version + 1 } });
  await post('manager', '/api/WorkFlow/Approved', { ids: await stepOf('manager', taskid) });
  const steps = await s.app.portal.db.selectFrom('wf_steps').select(['step_name']).where('instance_id', '=', taskid).where('node_id', '=', 'finance').execute();
  expect(steps.map((x) => x.step_name)).toEqual(['财务主管']);
  expect((await s.app.portal.db.selectFrom('wf_instances').select('version_id').where('id', '=', taskid).executeTakeFirstOrThrow()).version_id).toBe(
    before.version_id,
  );
  expect((await post('sales', '/api/flow/add', { name: 'x', formMode: 'baoxiao', WorlFlowJson: '{}' })).status).toBe(403);
});

test('forward, comment, cc, urge and revoke rules', async () => {
  const { taskid } = await claim('sales', '200');
  const m = await stepOf('manager', taskid);
  expect((await post('manager', '/api/WorkFlow/Forward', { ids: m, userid: uid.manager1 })).body.msg).toBe('不能转交给自己');
  expect((await post('manager', '/api/WorkFlow/Forward', { ids: m, userid: uid.sales13 })).body.msg).toBe('转交人已离职，请重新选择');
  expect((await post('manager', '/api/WorkFlow/createComment', { taskid, ext: '长'.repeat(301) })).body.msg).toBe('评论内容不能超过300个字符');
  expect((await post('manager', '/api/WorkFlow/createComment', { taskid, ext: '请补充说明' })).body.result).toBe('success');
  const six = [uid.sales2, uid.sales3, uid.sales4, uid.sales5, uid.sales6, uid.sales7].map((userid) => ({ userid }));
  expect((await post('sales', '/api/WorkFlow/addCc', { taskid, cc: JSON.stringify(six) })).body.msg).toBe('抄送人最多5个');
  expect((await post('sales', '/api/WorkFlow/urge', { taskid })).body.result).toBe('success');
  expect((await post('sales', '/api/WorkFlow/urge', { taskid })).body.msg).toBe('30分钟内只能催办一次');
  s.clock.advance(31 * 60_000);
  expect((await post('sales', '/api/WorkFlow/urge', { taskid })).body.result).toBe('success');
  expect((await post('manager', '/api/WorkFlow/Forward', { ids: m, userid: uid.manager2, ext: '请代为审批' })).body).toMatchObject({
    result: 'success',
    data: { Status: 0 },
  });
  expect((await todo('manager2')).rows.some((r) => r.TaskID === taskid)).toBe(true);
  expect((await post('manager', '/api/WorkFlow/Revoke', { taskid })).body.msg).toBe('只有发起人可以撤回');
  expect((await post('sales', '/api/WorkFlow/Revoke', { taskid })).body).toMatchObject({ result: 'success', data: { Status: 4 } });
  expect((await todo('manager2')).rows.some((r) => r.TaskID === taskid)).toBe(false);
  expect((await post('sales2', '/api/WorkFlow/detail', { taskid })).status).toBe(403);
});

test('timeouts: a node set to auto-approve after 2 hours passes by itself, logged', async () => {
  const json = {
    nodes: [
      { id: 's', name: '开始', config: { kind: 'start' } },
      { id: 'a', name: '上级', config: { kind: 'approver', approver: { type: 'superior', level: 1 }, timeout: { hours: 2, action: 'pass' } } },
      { id: 'e', name: '结束', config: { kind: 'end' } },
    ],
    lines: [
      { from: 's', to: 'a' },
      { from: 'a', to: 'e' },
    ],
  };
  const added = await post('admin', '/api/flow/add', { name: '超时测试', formMode: 'leave', WorlFlowJson: JSON.stringify(json) });
  const taskid = (await post('sales', '/api/WorkFlow/Approval', { flowId: added.body.data!.id, data: JSON.stringify({ days: '1' }) })).body.data!
    .taskid as number;
  await runTimeouts(s.app.portal); // the seeded overdue steps get their reminders
  expect((await post('sales', '/api/WorkFlow/detail', { taskid })).body.data).toMatchObject({ task: { Status: 1 } });
  s.clock.advance(3 * 3600_000);
  expect(await runTimeouts(s.app.portal)).toBeGreaterThanOrEqual(1);
  expect((await post('sales', '/api/WorkFlow/detail', { taskid })).body.data).toMatchObject({ task: { Status: 2 } });
  const log = await s.app.portal.db.selectFrom('wf_logs').select('ext').where('instance_id', '=', taskid).where('action', '=', 'timeout').execute();
  expect(log.map((l) => l.ext)).toEqual(['审批超时，自动通过']);
  await post('admin', '/api/flow/changeStatus', { id: added.body.data!.id, status: 0 });
});

test('依次 opens the next approver in turn; 会签 waits for all; parallel branches meet at the join', async () => {
  const n = (id: string, name: string, config: Record<string, unknown>) => ({ id, name, config });
  const json = {
    nodes: [
      n('s', '开始', { kind: 'start' }),
      n('seq', '依次', { kind: 'approver', mode: 'seq', approver: { type: 'users', userIds: [uid.manager1, uid.manager2] } }),
      n('p', '并行', { kind: 'parallel' }),
      n('a', '会签', { kind: 'approver', mode: 'and', approver: { type: 'users', userIds: [uid.finance1, uid.admin] } }),
      n('b', '经办', { kind: 'handler', approver: { type: 'users', userIds: [uid.sales2] } }),
      n('j', '汇聚', { kind: 'join' }),
      n('e', '结束', { kind: 'end' }),
    ],
    lines: [
      { from: 's', to: 'seq' },
      { from: 'seq', to: 'p' },
      { from: 'p', to: 'a' },
      { from: 'p', to: 'b' },
      { from: 'a', to: 'j' },
      { from: 'b', to: 'j' },
      { from: 'j', to: 'e' },
    ],
  };
  const added = await post('admin', '/api/flow/add', { name: '多人与并行', formMode: 'leave', WorlFlowJson: JSON.stringify(json) });
  expect(added.body.result).toBe('success');
  const taskid = (await post('sales', '/api/WorkFlow/Approval', { flowId: added.body.data!.id, data: JSON.stringify({ days: '1' }) })).body.data!
    .taskid as number;
  // 依次: only 张伟 first.
  expect((await todo('manager2')).rows.some((r) => r.TaskID === taskid)).toBe(false);
  await post('manager', '/api/WorkFlow/Approved', { ids: await stepOf('manager', taskid) });
  await post('manager2', '/api/WorkFlow/Approved', { ids: await stepOf('manager2', taskid) });
  // The parallel split opens both branches: 会签 (王芳 and admin) and 经办 (赵强).
  const f = await stepOf('finance', taskid);
  const b = await stepOf('sales2', taskid);
  await post('sales2', '/api/WorkFlow/Approved', { ids: b });
  await post('finance', '/api/WorkFlow/Approved', { ids: f });
  // 会签 still waits for admin: the join has not fired.
  expect((await post('sales', '/api/WorkFlow/detail', { taskid })).body.data).toMatchObject({ task: { Status: 1 } });
  await post('admin', '/api/WorkFlow/Approved', { ids: await stepOf('admin', taskid) });
  expect((await post('sales', '/api/WorkFlow/detail', { taskid })).body.data).toMatchObject({ task: { Status: 2 } });
  await post('admin', '/api/flow/changeStatus', { id: added.body.data!.id, status: 0 });
});

test('statistics and the comment log answer for their page holders', async () => {
  const stats = await post<{ result: string; data: { flows: { name: string; submitted: number }[]; people: unknown[] } }>('admin', '/api/WorkFlow/statistics');
  expect(stats.body.data.flows.find((f) => f.name === '费用报销')?.submitted).toBeGreaterThan(5);
  const logs = await post<List>('admin', '/api/WorkFlowLog/Index');
  expect(logs.body.total).toBeGreaterThan(0);
});

test('the designer and the lists read their shapes: directory, options, enabled flows, isCC, copy and delete, every list, logs, receive', async () => {
  const directory = (await post<{ data: { roles: { id: number; name: string }[]; users: { id: number; name: string }[] } }>('admin', '/api/flow/directory'))
    .body.data;
  expect(directory.users).toContainEqual({ id: uid.manager1, name: '张伟' });
  expect(directory.roles.length).toBeGreaterThan(0);
  expect((await post<{ data: unknown[] }>('sales', '/api/flow/options')).body.data).toContainEqual({ id: 2, name: '请假申请', category: '行政' });
  const enabled = (await post<{ data: { formMode: string; apiAdd: string; chosenNodes: unknown[] }[] }>('sales', '/api/flow/enabled')).body.data;
  expect(enabled.find((f) => f.formMode === 'leave')).toMatchObject({ apiAdd: 'api/WorkFlow/Approval', chosenNodes: [] });
  expect((await post('sales', '/api/Approval/isCC', { formName: 'baoxiao' })).body).toEqual({
    result: 'success',
    msg: '获取成功',
    data: { isCC: true, flowId: 1 },
  });
  expect((await post('sales', '/api/Approval/isCC', { formName: '没有的表单' })).body.data).toEqual({ isCC: false, flowId: 0 });

  const copy = await post('admin', '/api/flow/copy', { id: 1 });
  expect(copy.body).toMatchObject({ result: 'success', data: { id: expect.any(Number) } });
  const copied = (
    await post<{ data: { name: string; status: number; versionId: number; inUse: boolean } }>('admin', '/api/flow/detail', { id: copy.body.data!.id })
  ).body.data;
  expect(copied).toMatchObject({ name: '费用报销(副本)', status: 0, inUse: false });
  expect((await post('admin', '/api/flow/delete', { ids: String(copy.body.data!.id) })).body).toEqual({ result: 'success', msg: '删除成功' });

  const { taskid } = await claim('sales', '150');
  const m = await stepOf('manager', taskid);
  expect((await post('manager', '/api/WorkFlow/receive', { ids: m })).body).toEqual({ result: 'success', msg: '操作成功', data: { Status: 1 } });
  await post('manager', '/api/WorkFlow/Approved', { ids: m, ext: '同意' });
  for (const list of ['completed', 'myApproval'])
    expect((await post<List>('manager', `/api/WorkFlow/${list}`)).body.rows.some((r) => r.TaskID === taskid)).toBe(true);
  expect((await post<List>('manager', '/api/WorkFlow/sub', { rows: 100 })).body.rows.some((r) => r.TaskID === taskid)).toBe(true);
  const logs = (await post<{ rows: { action: string }[]; total: number }>('sales', '/api/WorkFlow/logs', { taskid })).body;
  expect(logs.rows.map((l) => l.action)).toEqual(['submit', 'approve']);
  expect((await post<{ rows: unknown[]; total: number }>('sales', '/api/WorkFlow/logs', { taskid, type: 2 })).body).toEqual({ rows: [], total: 0 });
});

test('cc and attachments are JSON lists: picked people or ids, uploaded files; bad ones are refused with the field’s message', async () => {
  const { taskid } = await claim('sales', '160');
  const m = await stepOf('manager', taskid);
  const comment = (body: Record<string, unknown>) => post('manager', '/api/WorkFlow/createComment', { taskid, ext: '请看附件', ...body });
  expect((await comment({ cc: 'abc' })).body.msg).toBe('抄送人格式不正确');
  expect((await comment({ cc: JSON.stringify([{ userid: 'x' }]) })).body.msg).toBe('抄送人格式不正确');
  expect((await comment({ cc: JSON.stringify([{ username: '赵强' }]) })).body.msg).toBe('抄送人格式不正确');
  expect((await comment({ files: 'abc' })).body.msg).toBe('附件格式不正确');
  expect((await comment({ files: JSON.stringify([{ id: 'x' }]) })).body.msg).toBe('附件格式不正确');
  expect((await comment({ files: JSON.stringify(Array.from({ length: 10 }, () => ({ url: '/files/x.pdf' }))) })).body.msg).toBe('附件最多9个');
  const six = [uid.sales2, uid.sales3, uid.sales4, uid.sales5, uid.sales6, uid.sales7];
  expect((await post('manager', '/api/WorkFlow/Approved', { ids: m, cc: JSON.stringify(six) })).body.msg).toBe('抄送人最多5个');

  // The user picker's choice (its userid may be text), a bare id, and files as the form's file control and other callers send them.
  const picked = JSON.stringify([{ userid: String(uid.sales2), username: '赵强', header: '' }, uid.sales3]);
  const files = JSON.stringify([
    { id: 1, FileName: '发票.pdf', url: '/files/a.pdf', format: 'pdf', size: 12, userid: uid.manager1, addTime: '2026-11-20 10:00' },
    { url: '/files/b.pdf', name: '说明.pdf' },
  ]);
  expect((await comment({ cc: picked, files })).body).toEqual({ result: 'success', msg: '评论成功' });
  const cc = await s.app.portal.db.selectFrom('wf_cc').select('user_id').where('instance_id', '=', taskid).orderBy('user_id').execute();
  expect(cc.map((c) => c.user_id)).toEqual([uid.sales2, uid.sales3].sort((a, b) => a - b));
  const detail = (await post<{ data: { logs: { action: string; files: unknown[] }[] } }>('sales', '/api/WorkFlow/detail', { taskid })).body.data;
  expect(detail.logs.find((l) => l.action === 'comment')?.files).toEqual([
    { id: 1, FileName: '发票.pdf', url: '/files/a.pdf', format: 'pdf', size: 12 },
    { id: 0, FileName: '说明.pdf', url: '/files/b.pdf', format: '', size: 0 },
  ]);
  expect((await post('manager', '/api/WorkFlow/Approved', { ids: m, cc: JSON.stringify([{ userid: uid.sales4 }]), files: '[]' })).body).toMatchObject({
    result: 'success',
    data: { Status: 3, recordStatus: 2, taskId: taskid },
  });
});

test('a departing approver hands the steps waiting on them to their 上级, logged and notified', async () => {
  const { taskid } = await claim('sales', '300');
  const stepId = await stepOf('manager', taskid);
  const handed = await transact(s.app.portal, (tx) => handOverOpenSteps(s.app.portal, tx, uid.manager1, uid.admin));
  // 张伟 reports to admin, who is not on that node: the step is admin's now.
  expect(handed).toContainEqual({ stepId, instanceId: taskid, toUserId: uid.admin });
  expect((await todo('manager')).rows.some((r) => r.TaskID === taskid)).toBe(false);
  expect((await todo('admin')).rows.find((r) => r.TaskID === taskid)?.id).toBe(stepId);
  const log = await s.app.portal.db
    .selectFrom('wf_logs')
    .select(['action', 'ext'])
    .where('instance_id', '=', taskid)
    .where('action', '=', 'handover')
    .executeTakeFirstOrThrow();
  expect(log.ext).toBe('张伟已离职，转交给 系统管理员');
  const notified = await s.app.portal.db.selectFrom('notifications').select('id').where('user_id', '=', uid.admin).execute();
  expect(notified.length).toBeGreaterThan(0);
  // Nothing else waits on 张伟 after the hand-over.
  expect(await transact(s.app.portal, (tx) => handOverOpenSteps(s.app.portal, tx, uid.manager1, uid.admin))).toEqual([]);
});

test('我已审批 pages from the partial index wf_steps_decided_by on both databases (no sort of all decided steps)', async () => {
  const db = s.app.portal.db;
  const page = sql`SELECT s.id FROM wf_steps s WHERE s.user_id = ${uid.manager1} AND s.outcome in ('approved', 'refused', 'returned') ORDER BY s.id DESC LIMIT 10`;
  if (s.app.portal.dialect === 'sqlite') {
    const plan = (await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${page}`.execute(db)).rows.map((r) => r.detail).join(' | ');
    expect(plan).toContain('wf_steps_decided_by');
    expect(plan).not.toContain('TEMP B-TREE');
  } else {
    // The test tables are tiny: keep PostgreSQL from preferring a sequential scan it would not pick at size.
    const plan = await db.transaction().execute(async (tx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(tx);
      return (await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${page}`.execute(tx)).rows.map((r) => r['QUERY PLAN']).join(' | ');
    });
    expect(plan).toContain('wf_steps_decided_by');
    expect(plan).not.toMatch(/Sort/);
  }
});
