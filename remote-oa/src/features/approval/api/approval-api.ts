/** The approval endpoints (spec §7 api/WorkFlow/*, api/WorkFlowLog/Index); the only place this feature talks HTTP. */
import { api } from '@portal/shared-core';
import type { ApprovalDetail, ApprovalRow, ApprovalStatistics, ApprovalStatus, CommentLogRow, DecisionResult } from '@portal/shared-contract';
import type { ApprovalQuery, CcUser, ListKind } from './approval-types';

function compact(query: ApprovalQuery): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

export function listApprovals(kind: ListKind, query: ApprovalQuery) {
  return api.list<ApprovalRow>(`api/WorkFlow/${kind}`, compact(query), { silent: true });
}

export function fetchApprovalDetail(taskid: number) {
  return api.fetch<ApprovalDetail>('api/WorkFlow/detail', { taskid });
}

export function listCommentLog(query: ApprovalQuery) {
  return api.list<CommentLogRow>('api/WorkFlowLog/Index', compact(query), { silent: true });
}

export function fetchStatistics(query: { start?: string; end?: string }) {
  return api.fetch<ApprovalStatistics>('api/WorkFlow/statistics', query);
}

const ccJson = (cc: readonly CcUser[] | undefined) => (cc && cc.length ? JSON.stringify(cc.map(({ userid, username }) => ({ userid, username }))) : undefined);

/** 同意 (重新提交 on a start node). */
export function approve(stepId: number, ext: string, cc?: readonly CcUser[]) {
  return api.command<DecisionResult>('api/WorkFlow/Approved', { ids: String(stepId), ext, cc: ccJson(cc) });
}

/** 退回 to a passed node (nodeId), or 不通过 without one. */
export function refuse(stepId: number, ext: string, nodeId: string) {
  return api.command<DecisionResult>('api/WorkFlow/Refused', { ids: String(stepId), ext, node_id: nodeId });
}

export function forward(stepId: number, user: CcUser, ext: string) {
  return api.command<DecisionResult>('api/WorkFlow/Forward', { ids: String(stepId), userid: user.userid, username: user.username, ext });
}

export function createComment(taskid: number, ext: string) {
  return api.command('api/WorkFlow/createComment', { taskid, ext });
}

export function addCc(taskid: number, cc: readonly CcUser[]) {
  return api.command('api/WorkFlow/addCc', { taskid, cc: ccJson(cc) });
}

export function revoke(taskid: number) {
  return api.command<ApprovalStatus>('api/WorkFlow/Revoke', { taskid });
}

export function urge(taskid: number) {
  return api.command('api/WorkFlow/urge', { taskid });
}

export function saveNodeForm(stepid: number, data: Record<string, unknown>) {
  return api.command('api/WorkFlow/editFormField', { stepid, data: JSON.stringify(data) });
}
