/** The designer's calls: a form's settings and complete field list, and 保存 (settings and fields in one call). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormDesign } from '@portal/shared-contract';
import { api, endpointKey } from '@portal/shared-core';

/** 自定义表单 (api/form/*) or 工作流表单 (api/workform/*). */
export type DesignerKind = 'custom' | 'work';

const CALLS: Record<DesignerKind, { detail: string; add: string; edit: string; list: string }> = {
  custom: { detail: 'api/form/detail', add: 'api/form/add', edit: 'api/form/Edit', list: 'api/form/index' },
  work: { detail: 'api/workform/detail', add: 'api/workform/add', edit: 'api/workform/Edit', list: 'api/workform/index' },
};

export const designerKeys = {
  design: (kind: DesignerKind, id: number) => [...endpointKey(CALLS[kind].detail), id] as const,
};

/** A form as the designer opens it; nothing to load for a new one (id 0). */
export function useFormDesign(kind: DesignerKind, id: number) {
  return useQuery({
    queryKey: designerKeys.design(kind, id),
    queryFn: () => api.fetch<FormDesign>(CALLS[kind].detail, { id }),
    enabled: id > 0,
  });
}

/**
 * 保存: errors are not toasted here (silent), the designer shows them on the field at fault. Invalidates
 * the form lists, this form's design and every rendered definition of forms.
 */
export function useSaveDesign(kind: DesignerKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Record<string, unknown> }) =>
      api.command<{ id: number }>(id > 0 ? CALLS[kind].edit : CALLS[kind].add, body, { silent: true }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: endpointKey(CALLS[kind].list) }),
        queryClient.invalidateQueries({ queryKey: endpointKey('api/form/index') }),
        queryClient.invalidateQueries({ queryKey: endpointKey('api/form/workform') }),
        queryClient.invalidateQueries({ queryKey: endpointKey(CALLS[kind].detail) }),
        queryClient.invalidateQueries({ queryKey: endpointKey('/Api/formField/index/') }),
      ]);
    },
  });
}
