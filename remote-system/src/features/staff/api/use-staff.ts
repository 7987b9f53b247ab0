/** Hooks of 员工管理; every command refreshes the organisation (lists, pickers, department counts). */
import { useMutation, useQuery } from '@tanstack/react-query';
import { endpointKey, useDataChange } from '@portal/shared-core';
import { usePagedList } from '@portal/shared-ui';
import * as calls from './staff-api';

export const staffKeys = {
  lists: () => endpointKey('api/user/index'),
  detail: (id: number) => endpointKey('api/user/detail', { id }),
};

export const useStaffList = (query: calls.StaffQuery) => usePagedList(staffKeys.lists(), calls.listStaff, query);

export const useStaff = (id: number | null) =>
  useQuery({ queryKey: staffKeys.detail(id ?? 0), queryFn: () => calls.fetchStaff(id ?? 0), enabled: id !== null, staleTime: 0 });

/** A mutation over `fn` that marks the organisation changed when it succeeds. */
function useOrgMutation<A, R>(fn: (args: A) => Promise<R>) {
  const changed = useDataChange();
  return useMutation({ mutationFn: fn, onSuccess: () => changed({ type: 'organisation-changed' }) });
}

export const useSaveStaff = () =>
  useOrgMutation(({ id, form }: { id: number | null; form: calls.StaffForm }) => (id === null ? calls.addStaff(form) : calls.editStaff(id, form)));
export const useSetQuit = () => useOrgMutation(({ id, quit }: { id: number; quit: boolean }) => calls.setQuit(id, quit));
export const useDeleteStaff = () => useOrgMutation((ids: readonly number[]) => calls.deleteStaff(ids));
export const useResetPassword = () => useOrgMutation((id: number) => calls.resetPassword(id));
export const useToggleCall = () => useOrgMutation((id: number) => calls.toggleCall(id));
export const useAddExtraBranches = () => useOrgMutation(({ id, branchIds }: { id: number; branchIds: number[] }) => calls.addExtraBranches(id, branchIds));
export const useRemoveExtraBranch = () => useOrgMutation(({ id, branchId }: { id: number; branchId: number }) => calls.removeExtraBranch(id, branchId));
