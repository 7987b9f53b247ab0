import type { FastifyRequest } from 'fastify';
import type { Actor } from '../modules/auth/session/actor';
import { isKnownRight, type PermissionTree, type RightArea } from '../modules/system/role/permission-tree';
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

/**
 * A right a route demands: a page (`crm` `customer/watched`) or an action on a page
 * (`customer/watched:delete`), as the role's permission tree lists them. `label` is how the
 * documentation and the tests name it.
 */
export type Right = { label: string; allows: (tree: PermissionTree) => boolean };

/** Who may call a route: anyone, any logged-in user, or holders of a right. */
export type Access = 'public' | 'login' | Right;

/** The page or page:action right `path` of `area`; an unknown page or action is a programming error. */
export function can(area: RightArea, path: string): Right {
  if (!isKnownRight(area, path)) throw new Error(`unknown right ${area} '${path}' (see PAGE_ACTIONS in permission-tree.ts)`);
  return { label: `${area} ${path}`, allows: (tree) => tree[area].includes(path) };
}

/** Any page of `area` under `prefix` (e.g. every customer list may read customers). */
export function canOpenAnyPage(area: RightArea, prefix: string): Right {
  return { label: `${area} ${prefix}*`, allows: (tree) => tree[area].some((p) => p.startsWith(prefix)) };
}

/** Any one of the rights. */
export function anyOf(...rights: Right[]): Right {
  return { label: rights.map((r) => r.label).join(' | '), allows: (tree) => rights.some((r) => r.allows(tree)) };
}

/** Inside a handler: a further right the call needs (e.g. create vs edit decided by the input). */
export function demand(actor: Actor, right: Right): void {
  if (!right.allows(actor.rights)) throw forbidden();
}

export function tokenOf(request: FastifyRequest): string | undefined {
  const raw = request.headers.authkey;
  const value = Array.isArray(raw) ? raw[0] : raw;
  const token = value?.trim();
  return token ? token : undefined;
}

/** On a public route: the caller if logged in (a valid token), else null. */
export async function optionalActor(resolve: ActorResolver, request: FastifyRequest): Promise<Actor | null> {
  const token = tokenOf(request);
  const resolved = token ? await resolve(token) : 'invalid';
  return resolved === 'invalid' ? null : resolved;
}

/** The actor behind `token` when it holds `access` (401 without a valid login, 403 without the right). */
export async function authorise(resolve: ActorResolver, token: string | undefined, access: Exclude<Access, 'public'>): Promise<Actor> {
  if (!token) throw unauthorized();
  const actor = await resolve(token);
  if (actor === 'invalid') throw unauthorized(MSG_LOGIN_EXPIRED);
  if (access !== 'login' && !access.allows(actor.rights)) throw forbidden();
  return actor;
}
