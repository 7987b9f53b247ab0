/** 部门管理 calls (main/Branch/*; the tree is api/branch/TreeJson). */
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, endpointKey, useDataChange } from '@portal/shared-core';
import type { BranchDetail } from '@portal/shared-contract';

export type DepartmentForm = { name: string; parentId: number; attributes: 1 | 2; headUserId: number; sortOrder: number };
export type DepartmentDetail = BranchDetail;

export const fetchDepartment = (id: number) => api.fetch<DepartmentDetail>('main/Branch/detail', { id });

export const useDepartment = (id: number | null) =>
  useQuery({ queryKey: endpointKey('main/Branch/detail', { id }), queryFn: () => fetchDepartment(id ?? 0), enabled: id !== null, staleTime: 0 });

export function useSaveDepartment() {
  const changed = useDataChange();
  return useMutation({
    mutationFn: ({ id, form }: { id: number | null; form: DepartmentForm }) =>
      id === null ? api.command('main/Branch/add', form) : api.command('main/Branch/edit', { id, ...form }),
    onSuccess: () => changed({ type: 'organisation-changed' }),
  });
}

export function useDeleteDepartments() {
  const changed = useDataChange();
  return useMutation({
    mutationFn: (ids: readonly number[]) => api.command('main/Branch/delete', { ids: ids.join(',') }),
    onSuccess: () => changed({ type: 'organisation-changed' }),
  });
}
