import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isRecord } from '../lib/is-record';
import type { Actor } from '../modules/auth/session/actor';
import { maskReply, type ReplyMask } from '../modules/system/field-mask/reply-masks';
import { authorise, tokenOf, type Access, type ActorResolver } from './auth';
import { prepareInput } from './input-validation';
import { assertReplyConforms, replyConformanceOn } from './reply-conformance';
import { enforceRecordRule, type RecordRule } from './record-policy';
import { apiPath } from './url';

/**
 * One route = one declaration next to its handler:
 *
 *   defineRoute({
 *     method: 'POST', url: '/api/customer/delete', summary: '删除客户', tag: 'crm',
 *     access: can('crm', 'customer/watched:delete'),    // 'public' | 'login' | a page or action right
 *     record: customerWrite('ids'),                      // the record policy guarding the ids (record-policy.ts)
 *     mask: { entity: 'customer' },                      // 字段权限 on the reply (reply-masks.ts), when it carries fields
 *     input: Fields({ ids: Ids('客户', 1000, { missing: '请选择要删除的客户' }) }),
 *     reply: Done,                                       // the 200 reply's schema (@portal/shared-contract)
 *     handler: async ({ input, actor }) => { await deleteCustomers(ctx, actor, input.ids); return success('删除成功'); },
 *   })
 *
 * The access check runs first (onRequest: 401 without a valid login, 403 without the right), then the
 * query and body are gathered into one object (input-validation.ts) and Fastify's ajv validates it
 * against `input`; then the record policy runs (preHandler: 403 / 404 for a record out of reach), then
 * the handler gets the typed input and the actor; its reply is masked for the viewer (preSerialization).
 * The OpenAPI document (api-docs.ts), the authorization matrix and the record matrix tests read the
 * same declarations.
 */
export const TAGS = {
  auth: '登录与会话',
  crm: '客户管理 (crm)',
  oa: '办公 (oa)',
  erp: '产品与库存',
  system: '系统管理 (system)',
  file: '附件与相册',
  notification: '消息提醒',
  realtime: '实时推送 (hub)',
  static: '静态资源',
  docs: '接口文档',
} as const;
export type Tag = keyof typeof TAGS;

export type Method = 'GET' | 'POST';

/** What a route declares besides its handler. */
export type RouteDeclaration = {
  method: Method;
  /** The path as the spec writes it (matching is case-insensitive). */
  url: string;
  /** Chinese, one line: what the call does. */
  summary: string;
  description?: string;
  tag: Tag;
  access: Access;
  /** The record policy guarding the records the input names, or why none is needed (record-policy.ts). */
  record: RecordRule;
  /** Which entity's fields the reply carries: masked for the viewer by one hook (reply-masks.ts). */
  mask?: ReplyMask;
  /** Query + body (form or JSON) fields. */
  input?: TObject;
  /**
   * The success reply (status 200) from the wire contract (@portal/shared-contract: Envelope, ListOf):
   * the reply is serialised through it, so a field it does not declare never leaves the server.
   * Fields 字段权限 may mask or hide must be optional strings (Maskable): the mask hook runs first.
   */
  reply?: TSchema;
  /** Fields of a multipart/form-data upload (checked by the handler after the file is received). */
  uploadFields?: TObject;
  /** Left out of the OpenAPI document (the documentation's own pages, static files). */
  hidden?: boolean;
};

export type Call<S extends TObject, A> = { input: Static<S>; actor: A; request: FastifyRequest; reply: FastifyReply };

type RouteSpec<S extends TObject, X extends Access, A> = Omit<RouteDeclaration, 'access' | 'input' | 'hidden'> & {
  access: X;
  input: S;
  // A method (bivariant parameter): the overloads below give public routes `actor: null`, the others an Actor.
  handler(call: Call<S, A>): Promise<unknown>;
};

export type Route = { declaration: RouteDeclaration; mount(app: FastifyInstance, resolve: ActorResolver): void };

declare module 'fastify' {
  // Module augmentation merges interfaces only.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /** Set on every route of ours; the route registry refuses to start without one on an API route. */
    declaration?: RouteDeclaration;
  }
}

/** The query string, the parsed body (when it is an object) and the path parameters, as one object. */
function gathered(request: FastifyRequest): Record<string, unknown> {
  return {
    ...(isRecord(request.query) ? request.query : {}),
    ...(isRecord(request.body) ? request.body : {}),
    ...(isRecord(request.params) ? request.params : {}),
  };
}

/**
 * The input once Fastify's ajv has validated it against `schema` (the route's query or body schema): the one
 * place where the static type of the input is asserted. TypeScript cannot follow Fastify's generic
 * request typing through a schema type parameter.
 */
function validated<S extends TObject>(_schema: S, body: unknown): Static<S> {
  return body as Static<S>;
}

export function defineRoute<S extends TObject>(spec: RouteSpec<S, 'public', null>): Route;
export function defineRoute<S extends TObject>(spec: RouteSpec<S, Exclude<Access, 'public'>, Actor>): Route;
export function defineRoute<S extends TObject>(spec: RouteSpec<S, Access, Actor | null>): Route {
  const { handler, ...declaration } = spec;
  return {
    declaration,
    mount(app, resolve) {
      const access = spec.access;
      app.route({
        method: spec.method,
        url: apiPath(spec.url),
        // The gathered input is validated as a GET's query or as the body of the other methods.
        schema: {
          ...(spec.method === 'GET' ? { querystring: spec.input } : { body: spec.input }),
          // Errors (400/401/403/404 envelopes) have no schema and are sent as they are.
          ...(spec.reply ? { response: { 200: spec.reply } } : {}),
        },
        config: { declaration },
        onRequest:
          access === 'public'
            ? []
            : [
                async (request: FastifyRequest) => {
                  request.actor = await authorise(resolve, tokenOf(request), access);
                },
              ],
        preValidation: async (request) => {
          const input = prepareInput(spec.input, gathered(request));
          if (spec.method === 'GET') request.query = input;
          else request.body = input;
        },
        preHandler: async (request) => {
          if (request.actor) await enforceRecordRule(app.portal, request.actor, spec.record, spec.method === 'GET' ? request.query : request.body);
        },
        preSerialization: async (request, reply, payload) => {
          const masked = request.actor && spec.mask ? await maskReply(app.portal.db, request.actor, spec.mask, payload) : payload;
          if (replyConformanceOn() && spec.reply && reply.statusCode === 200) assertReplyConforms(spec.url, spec.reply, masked);
          return masked;
        },
        handler: async (request, reply) =>
          handler({ input: validated(spec.input, spec.method === 'GET' ? request.query : request.body), actor: request.actor, request, reply }),
      });
    },
  };
}

/** Registers declared routes. */
export function mountRoutes(app: FastifyInstance, resolve: ActorResolver, routes: Route[]): void {
  for (const route of routes) route.mount(app, resolve);
}
