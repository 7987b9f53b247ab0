/** The flow definition endpoints (api/flow/*) and the forms a flow can be bound to. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { FormSummary } from '@portal/shared-contract';
import { api, endpointKey, flowKeys, isApiError, useDataChange } from '@portal/shared-core';
import { usePagedList } from '@portal/shared-ui';
import type { FlowAdded, FlowCopied, FlowDetail, FlowEdited, FlowRow, WorlFlowJson } from '@portal/shared-contract';

export type FlowQuery = { page: number; rows: number; key: string };
export type FlowSave = { id: number | null; name: string; category: string; formMode: string; beizhu: string; WorlFlowJson: WorlFlowJson };

export function useFlowList(query: FlowQuery) {
  return usePagedList(flowKeys.list({}).slice(0, 2), (q: FlowQuery) => api.list<FlowRow>('api/flow/index', q, { silent: true }), query);
}

export function useFlowDetail(id: number | null, versionId?: number) {
  return useQuery({
    queryKey: flowKeys.detail(id ?? 0, versionId),
    queryFn: () => api.fetch<FlowDetail>('api/flow/detail', versionId ? { id, versionId } : { id }),
    enabled: id !== null,
  });
}

/** Forms marked as approval forms (is_workflow), to bind a flow to. */
export function useWorkForms() {
  const { data } = useQuery({
    queryKey: endpointKey('api/form/workform', { rows: 200 }),
    queryFn: () => api.list<FormSummary>('api/form/workform', { page: 1, rows: 200 }, { silent: true }),
    staleTime: 60_000,
  });
  return data?.rows ?? [];
}

/** The node a refused save names (the designer marks it). */
export function faultyNodeOf(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const data = error.reply?.data as { nodeId?: string } | undefined;
  return data?.nodeId || null;
}

export function useSaveFlowMutation() {
  const applyChange = useDataChange();
  return useMutation({
    mutationFn: (f: FlowSave) =>
      api.command<Partial<FlowAdded & FlowEdited>>(f.id ? 'api/flow/Edit' : 'api/flow/add', {
        ...(f.id ? { id: f.id } : {}),
        name: f.name,
        category: f.category,
        formMode: f.formMode,
        beizhu: f.beizhu,
        WorlFlowJson: JSON.stringify(f.WorlFlowJson),
      }),
    onSuccess: () => applyChange({ type: 'flow-changed' }),
  });
}

export function useFlowCommand<V>(run: (v: V) => Promise<unknown>) {
  const applyChange = useDataChange();
  return useMutation({ mutationFn: run, onSuccess: () => applyChange({ type: 'flow-changed' }) });
}

export const changeFlowStatus = (v: { id: number; status: 0 | 1 }) => api.command('api/flow/changeStatus', v);
export const copyFlow = (id: number) => api.command<FlowCopied>('api/flow/copy', { id });
export const deleteFlows = (ids: readonly number[]) => api.command('api/flow/delete', { ids: ids.join(',') });
