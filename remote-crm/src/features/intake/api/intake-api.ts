/**
 * 进件 calls (spec §7 api/customer/EntryAudit*): the list (EntryAuditList, ours), one intake
 * (EntryAuditdetail) and its approval's progress (api/WorkFlow/detail). Submitting goes through the
 * dynamic form of the `intake` work form (its api_add is api/customer/EntryAudit).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { IntakeFile, IntakeRow } from '@portal/shared-contract';
import { api, approvalKeys, intakeKeys } from '@portal/shared-core';
import type { ApprovalDetail, ApprovalLogEntry, ApprovalStep } from '@portal/shared-contract';

export const INTAKE_FORM = 'intake';

/** The server's shapes (the wire contract). */
export type { IntakeFile, IntakeRow };

/** `todo: 1`: 进件审核, the intakes waiting for the user's decision. */
export type IntakeListQuery = { page: number; rows: number; key: string; status: string; todo?: 1 };

export function useIntakeList(query: IntakeListQuery) {
  return useQuery({
    queryKey: intakeKeys.list(query),
    queryFn: () => api.list<IntakeRow>('api/customer/EntryAuditList', query, { silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function fetchIntake(id: number): Promise<IntakeRow> {
  return api.fetch<IntakeRow>('api/customer/EntryAuditdetail', { id });
}

export function useIntake(id: number | null) {
  return useQuery({ queryKey: intakeKeys.detail(id ?? 0), queryFn: () => fetchIntake(id ?? 0), enabled: id !== null });
}

/** The approval's log and steps, as the OA panel reads them (only what the progress shows). */
export type ApprovalProgress = {
  task: Pick<ApprovalDetail['task'], 'Status' | 'flowName'>;
  steps: Pick<ApprovalStep, 'id' | 'StepName' | 'UserName' | 'Status' | 'outcome' | 'decidedAt'>[];
  logs: Pick<ApprovalLogEntry, 'id' | 'UserName' | 'name' | 'status' | 'Ext' | 'AddTime'>[];
};

export function useApprovalProgress(taskid: number) {
  return useQuery({
    queryKey: approvalKeys.detail(taskid),
    queryFn: () => api.fetch<ApprovalProgress>('api/WorkFlow/detail', { taskid }, { silent: true }),
    enabled: taskid > 0,
  });
}
