import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorise, can, tokenOf, type Access, type ActorResolver } from './auth';
import { describeRule, ruleName } from './record-policy';
import { TAGS, type RouteDeclaration } from './route';

/**
 * The OpenAPI 3.1 document of the API, generated from the route declarations (summary, tag, input
 * and reply schemas, right, record check), and a self-hosted Swagger UI (its assets come from
 * @fastify/swagger-ui's own folder, no CDN) at `/api/docs`, JSON at `/api/docs/json`.
 *
 * Only system administrators (system `role` right) may read it. A browser cannot send the `authkey`
 * header when opening a page, so the docs (and only the docs) also take the login token from an
 * `authkey` cookie or from `?authkey=<LoginToken>`: the query form sets that cookie (HttpOnly,
 * SameSite=Strict, path /api/docs) and redirects to the same page without the token in the URL.
 */
export const DOCS_PREFIX = '/api/docs';
export const DOCS_ACCESS = can('system', 'role');

function accessText(access: Access): string {
  if (access === 'public') return '公开：无需登录';
  if (access === 'login') return '登录即可调用';
  return `需要权限：${access.label}`;
}

const rightOf = (access: Access): string => (access === 'public' || access === 'login' ? access : access.label);

/** The route's operation in the document: spec path, Chinese summary, area tag, right and record check. */
function operationOf(d: RouteDeclaration, url: string) {
  const description = [d.description, `权限：${accessText(d.access)}`, `记录级检查：${describeRule(d.record)}`].filter(Boolean).join('\n\n');
  const common = {
    summary: d.summary,
    description,
    tags: [d.tag],
    'x-right': rightOf(d.access),
    'x-record-check': ruleName(d.record),
    ...(d.access === 'public' ? {} : { security: [{ authkey: [] }] }),
  };
  const reply = d.reply ? { response: { 200: d.reply } } : {};
  if (d.uploadFields) return { schema: { ...common, consumes: ['multipart/form-data'], body: d.uploadFields, ...reply }, url };
  if (d.method === 'GET') return { schema: { ...common, ...(d.input ? { querystring: d.input } : {}), ...reply }, url };
  return { schema: { ...common, consumes: ['application/x-www-form-urlencoded', 'application/json'], ...(d.input ? { body: d.input } : {}), ...reply }, url };
}

/** Swagger collects routes as they are registered: call before any route. */
export async function registerApiDocsCollector(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '销售门户 API',
        version,
        description:
          '请求为 POST，表单编码（嵌套值为 JSON 字符串）或 JSON；登录令牌放在 `authkey` 请求头中。回复为 `{result, msg, data?}`，列表为 `{rows, total}`。' +
          '本文档只对系统管理员开放；浏览器打开时可用 `?authkey=<LoginToken>`（设置 Cookie 后跳转）或 `authkey` Cookie。',
      },
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: { securitySchemes: { authkey: { type: 'apiKey', in: 'header', name: 'authkey' } } },
    },
    transform: ({ schema, url, route }) => {
      const d = route.config?.declaration;
      if (!d || d.hidden) return { schema: { ...schema, hide: true }, url };
      return operationOf(d, d.url);
    },
  });
}

function cookieToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === 'authkey' && value.length > 0) return decodeURIComponent(value.join('=')) || undefined;
  }
  return undefined;
}

function queryToken(request: FastifyRequest): string | undefined {
  const token = new URL(request.url, 'http://docs').searchParams.get('authkey')?.trim();
  return token ? token : undefined;
}

/** The UI and the JSON, behind the administrators' right. */
export async function registerApiDocs(app: FastifyInstance, resolve: ActorResolver): Promise<void> {
  const gate = async (request: FastifyRequest, reply: FastifyReply) => {
    const fromQuery = queryToken(request);
    await authorise(resolve, fromQuery ?? tokenOf(request) ?? cookieToken(request), DOCS_ACCESS);
    if (fromQuery) {
      const cookie = `authkey=${encodeURIComponent(fromQuery)}; Path=${DOCS_PREFIX}; HttpOnly; SameSite=Strict`;
      return reply.header('set-cookie', cookie).redirect(request.url.split('?')[0]);
    }
    return undefined;
  };
  const declaration: RouteDeclaration = {
    method: 'GET',
    url: DOCS_PREFIX,
    summary: '接口文档（OpenAPI 与 Swagger UI）',
    tag: 'docs',
    access: DOCS_ACCESS,
    record: 'none',
    hidden: true,
  };
  app.declareRoutesUnder((url) => url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`), declaration);
  // A scope of its own so that the gate also covers the UI's static assets (registered inside the plugin).
  await app.register(async (scope) => {
    scope.addHook('onRequest', gate);
    await scope.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: 'list', deepLinking: true } });
  });
}
