/** Hooks of 角色管理: the list, one role, the rights catalogue and the commands (each says what it makes stale). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpointKey, useDataChange } from '@portal/shared-core';
import { usePagedList } from '@portal/shared-ui';
import {
  addRole,
  copyRole,
  deleteRoles,
  editRole,
  fetchCatalogue,
  fetchFieldMasks,
  fetchRole,
  listRoles,
  saveFieldMasks,
  type FieldMaskMode,
  type RoleForm,
  type RoleQuery,
} from './role-api';

export const roleKeys = {
  lists: () => endpointKey('main/role/index'),
  detail: (id: number) => endpointKey('main/role/detail', { id }),
  catalogue: () => endpointKey('main/role/rights'),
  fieldMasks: (roleId?: number) => (roleId === undefined ? endpointKey('main/role/fieldMasks') : endpointKey('main/role/fieldMasks', { roleId })),
};

export const useRoleList = (query: RoleQuery) => usePagedList(roleKeys.lists(), listRoles, query);

export const useRole = (id: number | null) =>
  useQuery({ queryKey: roleKeys.detail(id ?? 0), queryFn: () => fetchRole(id ?? 0), enabled: id !== null, staleTime: 0 });

export const useRightsCatalogue = () => useQuery({ queryKey: roleKeys.catalogue(), queryFn: fetchCatalogue, staleTime: Infinity });

export function useSaveRole() {
  const changed = useDataChange();
  return useMutation({
    mutationFn: ({ id, version, form }: { id: number | null; version: number; form: RoleForm }) => (id === null ? addRole(form) : editRole(id, version, form)),
    onSuccess: () => changed({ type: 'organisation-changed' }),
  });
}

export function useCopyRole() {
  const changed = useDataChange();
  return useMutation({ mutationFn: copyRole, onSuccess: () => changed({ type: 'organisation-changed' }) });
}

export function useDeleteRoles() {
  const changed = useDataChange();
  return useMutation({ mutationFn: deleteRoles, onSuccess: () => changed({ type: 'organisation-changed' }) });
}

/** 字段权限 of one role (the editor's fields and rules). */
export const useFieldMasks = (roleId: number | null) =>
  useQuery({ queryKey: roleKeys.fieldMasks(roleId ?? 0), queryFn: () => fetchFieldMasks(roleId ?? 0), enabled: roleId !== null, staleTime: 0 });

/** Saves one module's rules of a role; the role's field masks are stale afterwards. */
export function useSaveFieldMasks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roleId, module, rules }: { roleId: number; module: string; rules: { field: string; mode: FieldMaskMode }[] }) =>
      saveFieldMasks(roleId, module, rules),
    onSuccess: (_reply, { roleId }) => queryClient.invalidateQueries({ queryKey: roleKeys.fieldMasks(roleId) }),
  });
}
