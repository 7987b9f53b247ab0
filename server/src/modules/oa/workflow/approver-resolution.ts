import type { ApproverRule, DuplicateRule, NodeConfig } from './flow-graph';

/**
 * Who approves a node, from the organisation (users, 上级, 负责人, roles) and the form. Pure: the
 * service loads an `Org` snapshot without any row-level data scope (yudao had approvals fail when
 * data permissions hid the submitter's department), so resolution never depends on who asks.
 */
export type OrgUser = { id: number; branchId: number | null; roleId: number; superiorId: number | null; employed: boolean };
export type OrgBranch = { id: number; parentId: number | null; headUserId: number | null };
export type Org = { users: Map<number, OrgUser>; branches: Map<number, OrgBranch>; /** Fallback approvers (administrators). */ admins: number[] };

export type ResolveInput = {
  submitterId: number;
  data: Record<string, unknown>;
  /** Approvers the submitter picked at submission, by node id. */
  chosen: Record<string, number[]>;
  nodeId: string;
};

const MAX_LEVELS = 10;

/** The head of the user's department; when that is the user, the head of the parent department. */
export function departmentHead(org: Org, userId: number): number | null {
  const user = org.users.get(userId);
  let branchId = user?.branchId ?? null;
  for (let guard = 0; branchId !== null && guard < 20; guard++) {
    const branch = org.branches.get(branchId);
    if (!branch) return null;
    if (branch.headUserId !== null && branch.headUserId !== userId) return branch.headUserId;
    branchId = branch.parentId;
  }
  return null;
}

/** The chain of superiors: [direct, second level, …] up to `levels`, stopping at a loop. */
export function superiorChain(org: Org, userId: number, levels: number): number[] {
  const chain: number[] = [];
  let current = org.users.get(userId)?.superiorId ?? null;
  while (current !== null && chain.length < Math.min(levels, MAX_LEVELS) && !chain.includes(current) && current !== userId) {
    chain.push(current);
    current = org.users.get(current)?.superiorId ?? null;
  }
  return chain;
}

/** User ids in a form value: `12`, `"3,4"`, `[5]`, `[{userid: 6}]`. */
export function userIdsOfValue(value: unknown): number[] {
  const one = (v: unknown): number[] => {
    if (typeof v === 'number') return Number.isSafeInteger(v) && v > 0 ? [v] : [];
    if (typeof v === 'string')
      return v
        .split(',')
        .map((s) => Number(s.trim()))
        .filter((n) => Number.isSafeInteger(n) && n > 0);
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      return one(o.userid ?? o.UserID ?? o.id ?? o.branchid ?? o.ID);
    }
    return [];
  };
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      return userIdsOfValue(JSON.parse(value));
    } catch {
      return [];
    }
  }
  return Array.isArray(value) ? value.flatMap(one) : one(value);
}

/** The candidates of a rule, before the special cases; departed users removed, order kept, no repeats. */
export function resolveRule(rule: ApproverRule, input: ResolveInput, org: Org): number[] {
  let ids: (number | null)[];
  switch (rule.type) {
    case 'users':
      ids = rule.userIds;
      break;
    case 'role':
      ids = [...org.users.values()].filter((u) => u.roleId === rule.roleId).map((u) => u.id);
      break;
    case 'head':
      ids = [departmentHead(org, input.submitterId)];
      break;
    case 'superior': {
      const chain = superiorChain(org, input.submitterId, rule.level);
      ids = chain.length === rule.level ? [chain[rule.level - 1]] : [];
      break;
    }
    case 'superiors': {
      const chain = superiorChain(org, input.submitterId, rule.level);
      // Up to a role: the chain ends with the first superior holding it (WK, CD "连续多级主管至某角色").
      const stop = rule.untilRoleId ? chain.findIndex((id) => org.users.get(id)?.roleId === rule.untilRoleId) : -1;
      ids = stop >= 0 ? chain.slice(0, stop + 1) : chain;
      break;
    }
    case 'formUser':
      ids = userIdsOfValue(input.data[rule.field]);
      break;
    case 'formBranch':
      ids = userIdsOfValue(input.data[rule.field]).map((branchId) => org.branches.get(branchId)?.headUserId ?? null);
      break;
    case 'chosen':
      ids = input.chosen[input.nodeId] ?? [];
      break;
    case 'submitter':
      ids = [input.submitterId];
      break;
  }
  const out: number[] = [];
  for (const id of ids) if (id !== null && org.users.get(id)?.employed && !out.includes(id)) out.push(id);
  return out;
}

export type Resolution = { kind: 'users'; userIds: number[]; note?: string } | { kind: 'pass'; reason: string } | { kind: 'reject'; reason: string };

export type RulesInput = ResolveInput & {
  /** Users who approved any earlier node of this round, and those of the node decided just before. */
  approvedBefore: ReadonlySet<number>;
  approvedJustBefore: ReadonlySet<number>;
  duplicateRule: DuplicateRule;
};

export const REASON_EMPTY_PASS = '审批人为空，自动通过';
export const REASON_EMPTY_REJECT = '审批人为空，自动拒绝';
export const REASON_SELF_SKIP = '审批人为提交人，自动跳过';
export const REASON_DUPLICATE = '审批人已审批过，自动通过';

/**
 * Resolves a node's approvers and applies the special cases in this order: approver = submitter
 * (approve own / skip / hand to the submitter's department head), nobody (auto-pass / auto-reject /
 * named users / administrators), then the same person on several nodes (approve once / only
 * consecutive nodes). The automatic outcomes carry the reason to log.
 */
export function resolveApprovers(config: NodeConfig, input: RulesInput, org: Org): Resolution {
  if (!config.approver) return { kind: 'pass', reason: REASON_EMPTY_PASS };
  let users = resolveRule(config.approver, input, org);
  const selfRule = config.approver.type === 'submitter' ? 'self' : (config.selfRule ?? 'self');
  let skippedSelf = false;
  if (users.includes(input.submitterId) && selfRule !== 'self') {
    users = users.filter((u) => u !== input.submitterId);
    if (selfRule === 'head') {
      const head = departmentHead(org, input.submitterId);
      if (head !== null && org.users.get(head)?.employed && !users.includes(head)) users.push(head);
    } else skippedSelf = true;
  }
  if (users.length === 0) {
    if (skippedSelf) return { kind: 'pass', reason: REASON_SELF_SKIP };
    switch (config.emptyRule ?? 'admin') {
      case 'pass':
        return { kind: 'pass', reason: REASON_EMPTY_PASS };
      case 'reject':
        return { kind: 'reject', reason: REASON_EMPTY_REJECT };
      case 'users':
        users = (config.emptyUserIds ?? []).filter((u) => org.users.get(u)?.employed);
        break;
      case 'admin':
        users = org.admins.filter((u) => org.users.get(u)?.employed);
        break;
    }
    if (users.length === 0) return { kind: 'pass', reason: REASON_EMPTY_PASS };
    return { kind: 'users', userIds: users, note: '审批人为空，转交管理员审批' };
  }
  const seen = input.duplicateRule === 'once' ? input.approvedBefore : input.duplicateRule === 'consecutive' ? input.approvedJustBefore : new Set<number>();
  if (seen.size > 0) {
    const remaining = users.filter((u) => !seen.has(u));
    // 或签: one of the approvers already approved → the node passes; 会签/依次: only those left decide.
    if (remaining.length === 0 || ((config.mode ?? 'or') === 'or' && remaining.length < users.length)) return { kind: 'pass', reason: REASON_DUPLICATE };
    users = remaining;
  }
  return { kind: 'users', userIds: users };
}
