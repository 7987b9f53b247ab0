/** 公海管理 calls (api/pool/*) and hooks: the pools besides 默认公海, their members and rule overrides. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicPoolRow } from '@portal/shared-contract';
import { api, endpointKey } from '@portal/shared-core';

export type PublicPoolForm = {
  name: string;
  branchIds: number[];
  userIds: number[];
  /** null: 基础设置's rule. */
  noFollowupDays: number | null;
  noDealDays: number | null;
  claimLimitPerDay: number | null;
  reclaimWaitDays: number | null;
  enabled: boolean;
  sort: number;
};

export type { PublicPoolRow };

const poolsKey = () => endpointKey('api/pool/index');

export const usePublicPools = () => useQuery({ queryKey: poolsKey(), queryFn: () => api.list<PublicPoolRow>('api/pool/index', {}, { silent: true }) });

/** Blank overrides are left out: the server reads them as 沿用基础设置. */
function payload(form: PublicPoolForm) {
  const overrides = (['noFollowupDays', 'noDealDays', 'claimLimitPerDay', 'reclaimWaitDays'] as const).filter((k) => form[k] !== null && form[k] !== undefined);
  return {
    name: form.name,
    branchIds: form.branchIds,
    userIds: form.userIds,
    enabled: form.enabled ? 1 : 0,
    sort: form.sort,
    ...Object.fromEntries(overrides.map((k) => [k, form[k]])),
  };
}

export const savePool = ({ id, form }: { id: number | null; form: PublicPoolForm }) =>
  id === null ? api.command('api/pool/add', payload(form)) : api.command('api/pool/edit', { id, ...payload(form) });
export const deletePool = (id: number) => api.command('api/pool/delete', { ids: [id] });

/** A pool command that refreshes the list. */
export function usePoolCommand<A>(fn: (args: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: poolsKey() }) });
}
