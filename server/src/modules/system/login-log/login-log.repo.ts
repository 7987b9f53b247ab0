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
  let q = db
    .selectFrom('login_logs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('success', '=', 0)
    .where('created_at', '>=', sinceIso);
  q = 'username' in who ? q.where('username', '=', who.username) : q.where('ip', '=', who.ip);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

export type LoginRecordPage = {
  rows: { id: number; user_id: number | null; username: string; created_at: string; ip: string; user_agent: string; success: number }[];
  total: number;
};

export type LoginRecordFilter = {
  /** Only these users' records (the viewer's scope intersected with the user and department filters). */
  userIds?: number[];
  /** ISO bounds: from (inclusive), to (exclusive). */
  from?: string;
  to?: string;
  success?: 0 | 1;
  page: number;
  rows: number;
};

/**
 * Login records newest first, paged in the database. Every filter is served by an index that starts
 * with it and ends with the time (login_logs_user_time, login_logs_success_time, login_logs_time),
 * so a page of a million records reads its 20 rows, not the table.
 */
export async function listLoginRecords(db: DbOrTx, opts: LoginRecordFilter): Promise<LoginRecordPage> {
  let base = db.selectFrom('login_logs');
  if (opts.userIds !== undefined) base = base.where('user_id', 'in', opts.userIds.length > 0 ? opts.userIds : [0]);
  if (opts.from) base = base.where('created_at', '>=', opts.from);
  if (opts.to) base = base.where('created_at', '<', opts.to);
  if (opts.success !== undefined) base = base.where('success', '=', opts.success);
  const [rows, total] = await Promise.all([
    base
      .select(['id', 'user_id', 'username', 'created_at', 'ip', 'user_agent', 'success'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(opts.rows)
      .offset((opts.page - 1) * opts.rows)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** A short browser name from a User-Agent ('' when unknown). */
export function browserOf(userAgent: string): string {
  const rules: [RegExp, string][] = [
    [/MicroMessenger\/([\d.]+)/, '微信'],
    [/Edg(?:e|A|iOS)?\/([\d.]+)/, 'Edge'],
    [/(?:OPR|Opera)\/([\d.]+)/, 'Opera'],
    [/Firefox\/([\d.]+)/, 'Firefox'],
    [/(?:Chrome|CriOS)\/([\d.]+)/, 'Chrome'],
    [/Version\/([\d.]+).*Safari/, 'Safari'],
    [/(?:MSIE |Trident\/.*rv:)([\d.]+)/, 'IE'],
  ];
  for (const [re, name] of rules) {
    const m = re.exec(userAgent);
    if (m) return `${name} ${(m[1] ?? '').split('.')[0]}`;
  }
  return userAgent ? (userAgent.split(/[ /]/)[0] ?? '') : '';
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
