/**
 * What the approval seeds (approvals.ts, intakes.ts) share: an AppContext whose clock the seed moves
 * forward step by step (so the lists show a believable history), the seeded users as actors, and a
 * decision on a user's open step, all through the engine itself. Also the flow designer's layout
 * helpers for the seeded flow diagrams.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context';
import { offlineRealtime } from '../../hub/realtime';
import type { Actor } from '../../modules/auth/session/actor';
import { decide } from '../../modules/oa/workflow/decide-step';
import { emptyTree } from '../../modules/system/role/permission-tree';
import { dialectOf, type Db } from '../database';

const silentLog = { error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;

/** A node's position in a seeded flow diagram. */
export const flowPos = (left: number, top: number) => ({ left: `${left}px`, top: `${top}px` });
/** The connector of a seeded flow diagram's lines. */
export const flowConnector = ['Bezier', { curviness: 50 }];

export type SeedDecision = 'approve' | 'refuse' | 'return';

export type SeedWorkflow = {
  ctx: AppContext;
  /** The seed clock now. */
  now: () => Date;
  /** Moves the seed clock `hours` forward. */
  tick: (hours: number) => void;
  /** The seeded user `username` as an actor (the engine reads id, names and department). */
  actor: (username: string) => Actor;
  /** `username` decides their open step of instance `taskId` (a return goes back to the submitter). */
  decideAs: (taskId: number, username: string, action: SeedDecision, ext: string) => Promise<void>;
};

export async function createSeedWorkflow(db: Db, start: Date): Promise<SeedWorkflow> {
  let t = start.getTime();
  const now = () => new Date(t);
  const ctx: AppContext = { db, dialect: dialectOf(db), config: {} as AppContext['config'], clock: now, log: silentLog, realtime: offlineRealtime };
  const users = await db.selectFrom('users').select(['id', 'username', 'nick_name', 'branch_id', 'role_id']).execute();
  const actor = (username: string): Actor => {
    const u = users.find((x) => x.username === username);
    if (!u) throw new Error(`seed: no user ${username}`);
    return {
      sessionId: 0,
      userId: u.id,
      username: u.username,
      nickName: u.nick_name,
      header: '',
      branchId: u.branch_id,
      roleId: u.role_id,
      roleName: '',
      rights: emptyTree(),
      dataScope: 'own',
    };
  };
  const decideAs = async (taskId: number, username: string, action: SeedDecision, ext: string) => {
    const a = actor(username);
    const step = await db
      .selectFrom('wf_steps')
      .select('id')
      .where('instance_id', '=', taskId)
      .where('user_id', '=', a.userId)
      .where('status', '<', 3)
      .executeTakeFirstOrThrow();
    await decide(ctx, a, [step.id], { action, ext, ...(action === 'return' ? { nodeId: 'start' } : {}) });
  };
  return {
    ctx,
    now,
    tick: (hours) => {
      t += hours * 3600_000;
    },
    actor,
    decideAs,
  };
}
