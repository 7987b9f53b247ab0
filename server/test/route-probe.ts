/** What the authorization and record matrices share: a valid-looking body for a route, a call with a token, the tables a command could write. */
import type { TSchema } from '@sinclair/typebox';
import type { RegisteredRoute } from '../src/http/route-registry';
import type { Reply, TestServer } from './harness';

export type Envelope = { result: string; msg: string };

/** Every table a command could write. */
export const TABLES = [
  'branches',
  'roles',
  'role_field_masks',
  'users',
  'sessions',
  'customers',
  'contacts',
  'followups',
  'customer_participants',
  'notifications',
  'tasks',
  'customer_assignments',
  'forms',
  'form_fields',
  'user_field_choices',
  'module_records',
  'files',
  'contracts',
  'customer_pins',
  'customer_watches',
  'customer_logs',
  'visitors',
  'wf_flows',
  'wf_flow_versions',
  'wf_instances',
  'wf_steps',
  'wf_logs',
  'wf_cc',
  'expense_claims',
  'expense_lines',
  'intake_records',
  'dict_types',
  'dict_values',
  'user_branches',
  'avatar_history',
  'settings',
  'settings_log',
  'print_templates',
  'public_pools',
] as const;

export async function tableCounts(s: TestServer): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const row = await s.app.portal.db
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[t] = Number(row.n);
  }
  return out;
}

/** A minimal valid-looking value for a schema (required properties without a default only). */
export function sample(schema: TSchema | undefined): unknown {
  if (!schema) return undefined;
  if (Array.isArray(schema.anyOf)) return sample(schema.anyOf.find((b: TSchema) => b.const === undefined) ?? schema.anyOf[0]);
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((e: unknown) => e !== '') ?? schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number':
      return Math.max(1, typeof schema.minimum === 'number' ? schema.minimum : 1);
    case 'string':
      return 'x'.repeat(Math.max(1, typeof schema.minLength === 'number' ? schema.minLength : 1));
    case 'array':
      return [sample(schema.items)];
    case 'object': {
      const out: Record<string, unknown> = {};
      const required: string[] = Array.isArray(schema.required) ? schema.required : [];
      for (const key of required) if (schema.properties?.[key]?.default === undefined) out[key] = sample(schema.properties?.[key]);
      return out;
    }
    default:
      return '{}';
  }
}

/** The route's path with its parameters filled in. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');

export function callRoute(s: TestServer, route: RegisteredRoute, token: string | undefined, body: Record<string, unknown>): Promise<Reply<Envelope>> {
  const url = concrete(route.url);
  if (route.method === 'GET') {
    const pairs: [string, string][] = Object.entries(body).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]);
    const query = new URLSearchParams(pairs).toString();
    return s.get<Envelope>(query ? `${url}?${query}` : url, { token });
  }
  return s.post<Envelope>(url, body, { token });
}

/** Runs `tasks` a few at a time. */
export async function inBatches<T>(tasks: (() => Promise<T>)[], size = 8): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < tasks.length; i += size) out.push(...(await Promise.all(tasks.slice(i, i + size).map((t) => t()))));
  return out;
}
