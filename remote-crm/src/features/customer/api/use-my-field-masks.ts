/**
 * The user's own 字段权限 (api/user/myFieldMasks): per module, the fields masked or hidden to them. The
 * server enforces them; the forms read them to leave a hidden field out (it is then not required).
 */
import { useQuery } from '@tanstack/react-query';
import type { MyFieldMasksData } from '@portal/shared-contract';
import { api } from '@portal/shared-core';
import { fieldMaskKeys } from './query-keys';

/** The reply, or none yet (while loading, or when the call failed). */
export type MyFieldMasks = Partial<MyFieldMasksData>;

const NONE: MyFieldMasks = {};

/** `enabled`: read while a form is open, again on each opening (a role's rules may have changed since). */
export function useMyFieldMasks(enabled = true) {
  const masks = useQuery({
    queryKey: fieldMaskKeys.mine(),
    queryFn: async () => (await api.fetch<MyFieldMasksData>('api/user/myFieldMasks', {}, { silent: true })) ?? NONE,
    enabled,
    staleTime: 0,
  });
  return { masks: masks.data ?? NONE, loading: masks.isPending };
}

/** Whether `field` of `module` is hidden to the user (their form leaves it out). */
export const isHiddenField = (masks: MyFieldMasks, module: keyof MyFieldMasks, field: string): boolean => masks[module]?.[field] === 'hidden';
