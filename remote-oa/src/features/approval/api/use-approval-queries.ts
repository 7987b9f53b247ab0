import { useMutation, useQuery, keepPreviousData } from '@tanstack/react-query';
import { approvalKeys, useDataChange } from '@portal/shared-core';
import { usePagedList } from '@portal/shared-ui';
import * as approvalApi from './approval-api';
import type { ApprovalQuery, ListKind } from './approval-types';

/** One page of an approval list (todo, completed, mySubmit, myCc, sub, all). */
export function useApprovalList(kind: ListKind, query: ApprovalQuery) {
  return usePagedList(approvalKeys.list(kind, {}).slice(0, 2), (q: ApprovalQuery) => approvalApi.listApprovals(kind, q), query);
}

/** The approval panel's data; opening it marks the caller's step received and their cc copy read. */
export function useApprovalDetail(taskid: number | null) {
  return useQuery({ queryKey: approvalKeys.detail(taskid ?? 0), queryFn: () => approvalApi.fetchApprovalDetail(taskid ?? 0), enabled: taskid !== null });
}

export function useCommentLog(query: ApprovalQuery) {
  return usePagedList(approvalKeys.commentLog({}).slice(0, 2), approvalApi.listCommentLog, query);
}

export function useApprovalStatistics(query: { start?: string; end?: string }) {
  return useQuery({ queryKey: approvalKeys.statistics(query), queryFn: () => approvalApi.fetchStatistics(query), placeholderData: keepPreviousData });
}

/** Any command on an instance: every approval list and panel refreshes (a decision moves rows between lists). */
export function useApprovalCommand<V>(run: (vars: V) => Promise<unknown>) {
  const applyChange = useDataChange();
  return useMutation({ mutationFn: run, onSuccess: () => applyChange({ type: 'approval-changed' }) });
}
