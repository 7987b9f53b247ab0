/** Choices several system pages share: the department tree (TreeSelect), the roles and employed staff (Select). */
import { useQuery } from '@tanstack/react-query';
import { api, endpointKey } from '@portal/shared-core';
import type { BranchTreeNode, RoleOption, StaffOption } from '@portal/shared-contract';

export type { BranchTreeNode };
export type TreeOption = { value: number; title: string; children: TreeOption[] };
export type Option = { value: number; label: string };

/** The same key as shared-ui's department picker, so one change refreshes both. */
export const branchTreeKey = () => endpointKey('api/branch/TreeJson', { group: true });

export function useBranchTree() {
  return useQuery({ queryKey: branchTreeKey(), queryFn: () => api.post<BranchTreeNode[]>('api/branch/TreeJson', { group: true }) });
}

export function toTreeOptions(nodes: readonly BranchTreeNode[]): TreeOption[] {
  return nodes.map((n) => ({ value: n.id, title: n.Name, children: toTreeOptions(n.children ?? []) }));
}

export function useRoleOptions() {
  return useQuery({
    queryKey: endpointKey('main/role/options'),
    queryFn: async () => (await api.fetch<RoleOption[]>('main/role/options')).map((r): Option => ({ value: r.id, label: r.name })),
  });
}

/** Employed staff matching `key` (at most 50). */
export function useStaffOptions(key: string) {
  return useQuery({
    queryKey: endpointKey('api/user/GetUser1', { key }),
    queryFn: async () =>
      (await api.fetch<StaffOption[]>('api/user/GetUser1', { key })).map((u): Option => ({
        value: u.id,
        label: u.BranchName ? `${u.NickName}（${u.BranchName}）` : u.NickName,
      })),
  });
}
