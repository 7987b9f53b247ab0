import type { TObject, TSchema } from '@sinclair/typebox';
import type { AppContext } from '../app-context';
import { isRecord } from '../lib/is-record';
import type { Actor } from '../modules/auth/session/actor';

/**
 * Record policies: which records a route's input names and who may reach them, checked by one hook
 * (route.ts, preHandler) before the handler, for reads and writes alike. Services keep no copy of the
 * check. A policy is made once per kind of record (`defineRecordPolicy`, in the entity's own
 * `*.policy.ts`) and applied to the input fields that hold the ids:
 *
 *   record: customerRead('id')                 // 客户详情: in scope, or in a pool the viewer may read
 *   record: [customerWrite('customerId'), contractRead('contractId')]
 *
 * A record outside the actor's reach is answered 403 (it exists, another department's) or 404 (no such
 * record), and the handler never runs. Routes that name no record say why:
 */
export const RECORD_LABELS = {
  none: '无记录级限制：参考数据、自己发起的新建，或不涉及具体记录',
  self: '只涉及当前用户自己的数据（会话、消息、自己的导出任务、自己的实时连接）；指定的其他人的记录被忽略',
  list: '列表：查询本身按角色的数据范围（全部 / 本部门 / 本人及参与）或本人的记录筛选；指定的记录只是筛选条件，范围外的不会列出',
  linked: '新建：表单值中关联的记录（客户、合同）由新建本身按数据范围检查（动态表单的值，不是固定的输入字段）',
  attachment: '附件随其所属记录：能查看该记录的人才能列出和下载其附件（modules/file/file-access.ts），范围外回答404',
} as const;
export type RecordLabel = keyof typeof RECORD_LABELS;

export type RecordPolicy = {
  /** `entity:mode`, e.g. `customer:read`; how the documentation and the record matrix test name it. */
  readonly name: string;
  /** Chinese, one line: who may reach the record. */
  readonly summary: string;
  /** The input fields holding the ids (one id, or a list of ids; an absent optional field is skipped). */
  readonly fields: readonly string[];
  /** Throws the refusal (403 / 404) unless `actor` may reach every one of `ids`. */
  check(ctx: AppContext, actor: Actor, ids: number[]): Promise<void>;
};

export type RecordRule = RecordLabel | RecordPolicy | readonly RecordPolicy[];

/**
 * The labels (Id / Ids field titles) of records that belong to someone: a route whose input has such a
 * field must guard it with a policy, or the server refuses to start (route-registry.ts). Reference data
 * (部门, 角色, 流程, 字典值 …) is guarded by the page rights alone.
 */
export const OWNED_RECORD_LABELS = new Set<string>();

type PolicyKind = {
  name: string;
  summary: string;
  /** The Id / Ids titles this kind of record goes by in input schemas. */
  labels: readonly string[];
  check(ctx: AppContext, actor: Actor, ids: number[]): Promise<void>;
};

/** A kind of record policy; call the result with the input fields it guards. */
export function defineRecordPolicy(kind: PolicyKind): (...fields: string[]) => RecordPolicy {
  for (const label of kind.labels) OWNED_RECORD_LABELS.add(label);
  return (...fields) => {
    if (fields.length === 0) throw new Error(`record policy ${kind.name}: name the input fields that hold the ids`);
    return { name: kind.name, summary: kind.summary, fields, check: kind.check };
  };
}

export function policiesOf(rule: RecordRule): readonly RecordPolicy[] {
  if (typeof rule === 'string') return [];
  return 'check' in rule ? [rule as RecordPolicy] : (rule as readonly RecordPolicy[]);
}

/** How the documentation names the rule. */
export function describeRule(rule: RecordRule): string {
  if (typeof rule === 'string') return RECORD_LABELS[rule];
  return policiesOf(rule)
    .map((p) => `${p.summary}（${p.fields.join('、')}）`)
    .join('；');
}

export function ruleName(rule: RecordRule): string {
  return typeof rule === 'string'
    ? rule
    : policiesOf(rule)
        .map((p) => `${p.name}(${p.fields.join(',')})`)
        .join(' + ');
}

/** The ids `policy` guards in a validated input (numbers, or lists of numbers). */
export function idsIn(policy: RecordPolicy, input: unknown): number[] {
  if (!isRecord(input)) return [];
  const out: number[] = [];
  for (const field of policy.fields) {
    const value = input[field];
    // 0 is the lists' "no record chosen".
    if (typeof value === 'number' && value > 0) out.push(value);
    else if (Array.isArray(value)) for (const v of value) if (typeof v === 'number' && v > 0) out.push(v);
  }
  return [...new Set(out)];
}

/** Runs every policy of `rule` on the validated input. */
export async function enforceRecordRule(ctx: AppContext, actor: Actor, rule: RecordRule, input: unknown): Promise<void> {
  for (const policy of policiesOf(rule)) {
    const ids = idsIn(policy, input);
    if (ids.length > 0) await policy.check(ctx, actor, ids);
  }
}

const namesIds = (s: TSchema): boolean =>
  s.type === 'integer' || (s.type === 'array' && isRecord(s.items) && s.items.type === 'integer') || (Array.isArray(s.anyOf) && s.anyOf.some(namesIds));
/** The label of an Id / Ids field (also one of several alternatives, e.g. ids or 'all'). */
const titleOf = (s: TSchema | undefined): string | undefined => (s && typeof s.title === 'string' && namesIds(s) ? s.title : undefined);

/** The input fields naming an owned record: Id or Ids fields whose title is an owned record's label. */
export function ownedRecordFields(input: TObject | undefined): { field: string; label: string }[] {
  if (!input || !isRecord(input.properties)) return [];
  return Object.entries(input.properties as Record<string, TSchema>).flatMap(([field, schema]) => {
    const label = titleOf(schema);
    return label !== undefined && OWNED_RECORD_LABELS.has(label) ? [{ field, label }] : [];
  });
}

/**
 * The owned-record fields of `input` that no policy of `rule` guards: the route registry refuses to start
 * with any. On a `list` or `self` route they are filters within rows the query already limits to the
 * actor's scope or their own (a list of one customer's contracts, marking one's own messages read).
 */
export function unguardedRecordFields(input: TObject | undefined, rule: RecordRule): string[] {
  if (rule === 'list' || rule === 'self') return [];
  const guarded = new Set(policiesOf(rule).flatMap((p) => p.fields));
  return ownedRecordFields(input)
    .filter((f) => !guarded.has(f.field))
    .map((f) => `${f.field} (${f.label})`);
}
