import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Actor } from '../modules/auth/session/actor';
import type { PermissionTree } from '../modules/system/role/permission-tree';
import { forbidden, MSG_LOGIN_EXPIRED, unauthorized } from './errors';

declare module 'fastify' {
  // Module augmentation merges interfaces only.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/** Resolves a login token: the actor, 'invalid' for an unknown/expired/revoked token. */
export type ActorResolver = (token: string) => Promise<Actor | 'invalid'>;

/** A permission requirement over the user's permission tree; `label` documents it in tests and logs. */
export type Permission = { label: string; allows: (tree: PermissionTree) => boolean };

export function tokenOf(request: FastifyRequest): string | undefined {
  const raw = request.headers.authkey;
  const value = Array.isArray(raw) ? raw[0] : raw;
  const token = value?.trim();
  return token ? token : undefined;
}

/** preHandlers for a route: login required, then (optionally) the permission. */
export function guarded(resolve: ActorResolver, permission?: Permission): preHandlerAsyncHookHandler[] {
  const login: preHandlerAsyncHookHandler = async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = tokenOf(request);
    if (!token) throw unauthorized();
    const actor = await resolve(token);
    if (actor === 'invalid') throw unauthorized(MSG_LOGIN_EXPIRED);
    request.actor = actor;
  };
  if (!permission) return [login];
  const check: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
    if (!request.actor || !permission.allows(request.actor.rights)) throw forbidden();
  };
  return [login, check];
}

/** The actor of a guarded route. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}
