import type { DbOrTx } from '../../../db/database';

export type LoginRecordInput = { userId: number | null; username: string; ip: string; userAgent: string; success: boolean; at: Date };

export async function recordLogin(db: DbOrTx, r: LoginRecordInput): Promise<void> {
  await db
    .insertInto('login_logs')
    .values({
      user_id: r.userId,
      username: r.username.slice(0, 100),
      ip: r.ip.slice(0, 64),
      user_agent: r.userAgent.slice(0, 500),
      success: r.success ? 1 : 0,
      created_at: r.at.toISOString(),
    })
    .execute();
}

/** Failed logins since `sinceIso` for one account name or one client IP. */
export async function countRecentFailures(db: DbOrTx, who: { username: string } | { ip: string }, sinceIso: string): Promise<number> {
  let q = db.selectFrom('login_logs').select((eb) => eb.fn.countAll<number>().as('n')).where('success', '=', 0).where('created_at', '>=', sinceIso);
  q = 'username' in who ? q.where('username', '=', who.username) : q.where('ip', '=', who.ip);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

export type LoginRecordPage = { rows: { id: number; username: string; created_at: string; ip: string; user_agent: string; success: number }[]; total: number };

/** Login records newest first; only those of `userIds` when given. */
export async function listLoginRecords(db: DbOrTx, opts: { userIds?: number[]; page: number; rows: number }): Promise<LoginRecordPage> {
  let base = db.selectFrom('login_logs');
  if (opts.userIds !== undefined) base = base.where('user_id', 'in', opts.userIds.length > 0 ? opts.userIds : [0]);
  const [rows, total] = await Promise.all([
    base
      .select(['id', 'username', 'created_at', 'ip', 'user_agent', 'success'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(opts.rows)
      .offset((opts.page - 1) * opts.rows)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The successful login before the most recent one (the "last login" a user sees), else the most recent. */
export async function previousSuccessfulLogin(db: DbOrTx, userId: number): Promise<{ created_at: string; ip: string } | undefined> {
  const recent = await db
    .selectFrom('login_logs')
    .select(['created_at', 'ip'])
    .where('user_id', '=', userId)
    .where('success', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(2)
    .execute();
  return recent[1] ?? recent[0];
}
