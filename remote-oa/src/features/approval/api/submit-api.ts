/** 新建流程: the enabled flows and the submission of a form record into one. */
import { api } from '@portal/shared-core';
import type { ApprovalSubmitted, EnabledFlow, ExpenseSaved } from '@portal/shared-contract';
import type { CcUser } from './approval-types';

export function fetchEnabledFlows() {
  return api.fetch<EnabledFlow[]>('api/flow/enabled');
}

export const EXPENSE_FORM = 'baoxiao';

export type Submission = { flow: EnabledFlow; values: Record<string, unknown>; cc: readonly CcUser[]; chosen: Record<string, number[]> };

/**
 * Submits: an expense claim through api/baoxiao/add (the server computes its total), any other
 * work form through api/WorkFlow/Approval with the values as one JSON `data`.
 */
export function submitApproval({ flow, values, cc, chosen }: Submission) {
  const common = {
    flowId: flow.id,
    cc: cc.length ? JSON.stringify(cc.map(({ userid, username }) => ({ userid, username }))) : undefined,
    chosen: Object.keys(chosen).length ? JSON.stringify(chosen) : undefined,
  };
  if (flow.formMode === EXPENSE_FORM) return api.command<ExpenseSaved>('api/baoxiao/add', { ...values, ...common });
  return api.command<ApprovalSubmitted>('api/WorkFlow/Approval', { ...common, data: JSON.stringify(values) });
}
