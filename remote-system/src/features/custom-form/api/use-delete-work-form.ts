import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, endpointKey } from '@portal/shared-core';

/** api/workform/delete {id}: refused while a flow uses the form (the server names it). */
export function useDeleteWorkForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.command('api/workform/delete', { id }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: endpointKey('api/workform/index') }),
        queryClient.invalidateQueries({ queryKey: endpointKey('api/form/workform') }),
        queryClient.invalidateQueries({ queryKey: endpointKey('api/form/index') }),
      ]),
  });
}
