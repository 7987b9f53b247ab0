/**
 * Builds the realtime hub for the app: the backplane (Redis when REDIS_URL is set), the hub methods,
 * the HTTP and WebSocket endpoints at config.hubPath. app.ts sets the result as ctx.realtime.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import type { ActorResolver } from '../http/auth';
import { loadBranchIndex } from '../modules/system/branch/branch-index';
import { MemoryBackplane, type Backplane } from './backplane';
import type { HubUser } from './connection';
import { registerHubEndpoints, type HubAuth } from './endpoints';
import { Hub } from './hub';
import { registerHubMethods } from './hub-methods';
import { RedisBackplane } from './redis-backplane';

function hubAuth(ctx: AppContext, resolve: ActorResolver): HubAuth {
  return {
    async authenticate(token) {
      const actor = await resolve(token);
      if (actor === 'invalid') return null;
      // ShopID as api/user/GetUser computes it: the root branch (the company) of the user's branch.
      const branches = await loadBranchIndex(ctx.db);
      const user: HubUser = {
        UserID: actor.userId,
        NickName: actor.nickName,
        header: actor.header,
        shopId: branches.rootOf(actor.branchId) ?? 0,
        sessionId: actor.sessionId,
      };
      return user;
    },
    async userIdOf(token) {
      const actor = await resolve(token);
      return actor === 'invalid' ? null : actor.userId;
    },
  };
}

export async function attachHub(app: FastifyInstance, ctx: AppContext, resolve: ActorResolver): Promise<Hub> {
  const { config } = ctx;
  const backplane: Backplane = config.redisUrl
    ? new RedisBackplane(
        {
          url: config.redisUrl,
          prefix: config.hub.redisPrefix,
          presenceTtlMs: config.hub.presenceTtlMs,
          heartbeatMs: Math.max(50, Math.floor(config.hub.presenceTtlMs / 3)),
        },
        ctx.log,
      )
    : new MemoryBackplane();
  const hub = new Hub(config.hub.timings, backplane, ctx.log);
  registerHubMethods(hub, ctx);
  registerHubEndpoints(app, hub, {
    path: config.hubPath.replace(/\/+$/, '') || '/hub',
    auth: hubAuth(ctx, resolve),
    log: ctx.log,
    corsOrigins: config.corsOrigins,
  });
  await hub.start();
  return hub;
}
