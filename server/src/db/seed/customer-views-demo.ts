import type { DbTx } from '../database';

/**
 * Demo rows for every customer view (issue #10), chosen by id so that the generator's random
 * sequences (and every other demo table) stay as they were: blacklisted customers, customers awaiting
 * assignment, leads (clue 3, none with a contract), the pool's log rows, and visitors of the last
 * month, some of them already customers (matched by phone). 徐磊 (sales13, departed) keeps his
 * customers: 离职员工客户.
 */
const BLACK_REASONS = ['恶意拖欠货款', '多次骚扰销售人员', '虚假信息', '竞争对手套取报价'];
const CLOSE_REASONS = ['无效信息', '无需求', '联系不上'];
const VISITORS = [
  ['周明', '商务洽谈', '杭州远景科技有限公司'],
  ['吴静', '产品演示', '苏州华创电子有限公司'],
  ['郑伟', '参观', ''],
  ['王丽', '售后服务', '南京恒通物流有限公司'],
  ['陈刚', '商务洽谈', '成都天府软件有限公司'],
  ['林芳', '面试', ''],
  ['何勇', '产品演示', '武汉光谷医疗器械有限公司'],
  ['高超', '其他', '西安秦川机械有限公司'],
  ['罗娟', '商务洽谈', '厦门海峡贸易有限公司'],
  ['宋涛', '参观', '长沙湘江食品有限公司'],
  ['唐慧', '售后服务', ''],
  ['许鹏', '商务洽谈', '青岛海湾化工有限公司'],
] as const;
const DAY = 86400_000;

export async function seedCustomerViews(tx: DbTx, o: { now: Date; receptionistIds: number[] }): Promise<void> {
  const nowMs = o.now.getTime();
  const customers = await tx
    .selectFrom('customers')
    .select(['id', 'gonghai', 'owner_id', 'contact_mobile', 'pool_at', 'pool_reason', 'previous_owner_id'])
    .orderBy('id')
    .execute();
  // Customers with a contract or an assignment (再分配) stay ordinary customers.
  const withContract = new Set((await tx.selectFrom('contracts').select('customer_id').execute()).map((r) => r.customer_id));
  for (const a of await tx.selectFrom('customer_assignments').select('customer_id').execute()) withContract.add(a.customer_id);
  const iso = (ms: number) => new Date(ms).toISOString();
  const logs: { customer_id: number; contract_id: null; user_id: number | null; kind: string; ext: string; created_at: string }[] = [];
  for (const c of customers) {
    if (c.id % 50 === 7 && !withContract.has(c.id)) {
      await tx
        .updateTable('customers')
        .set({ blacklisted: 1, black_reason: BLACK_REASONS[c.id % BLACK_REASONS.length], gonghai: 0 })
        .where('id', '=', c.id)
        .execute();
      logs.push({
        customer_id: c.id,
        contract_id: null,
        user_id: null,
        kind: 'blacklist',
        ext: `加入黑名单，原因：${BLACK_REASONS[c.id % BLACK_REASONS.length]}`,
        created_at: iso(nowMs - (c.id % 60) * DAY),
      });
    } else if (c.id % 50 === 13 && c.gonghai === 0 && !withContract.has(c.id)) {
      await tx.updateTable('customers').set({ owner_id: null, owned_at: '' }).where('id', '=', c.id).execute();
    } else if (c.id % 25 === 3 && c.gonghai === 0 && !withContract.has(c.id)) {
      const closed = c.id % 100 === 3;
      await tx
        .updateTable('customers')
        .set({ clue: 3, close_reason: closed ? CLOSE_REASONS[c.id % CLOSE_REASONS.length] : '' })
        .where('id', '=', c.id)
        .execute();
    } else if (c.gonghai === 1 && c.pool_at) {
      logs.push({ customer_id: c.id, contract_id: null, user_id: null, kind: 'recycle', ext: `${c.pool_reason}`, created_at: c.pool_at });
    }
  }
  if (logs.length > 0) await tx.insertInto('customer_logs').values(logs).execute();

  const owned = customers.filter((c) => c.gonghai === 0 && c.owner_id !== null);
  await tx
    .insertInto('visitors')
    .values(
      VISITORS.map(([name, purpose, company], i) => {
        const arrived = nowMs - (i * 2 + 1) * DAY + 9 * 3600_000;
        // Every third visitor is already a customer (same phone).
        const mobile = i % 3 === 0 && owned[i * 7] ? owned[i * 7].contact_mobile : `1390000${String(1000 + i * 37).padStart(4, '0')}`;
        return {
          name,
          mobile,
          company,
          purpose,
          receptionist_id: o.receptionistIds[i % o.receptionistIds.length] ?? null,
          arrived_at: iso(arrived),
          left_at: iso(arrived + (1 + (i % 3)) * 3600_000),
          remark: i % 4 === 0 ? '已预约' : '',
          customer_id: null,
          created_by: o.receptionistIds[0] ?? null,
          created_at: iso(arrived),
        };
      }),
    )
    .execute();
}
