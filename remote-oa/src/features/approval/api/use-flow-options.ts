import { useQuery } from '@tanstack/react-query';
import { api, endpointKey } from '@portal/shared-core';
import type { FlowOption } from '@portal/shared-contract';

/** Every flow's id and name (the lists' flow filter), for any logged-in user. */
export function useFlowOptions(): FlowOption[] {
  const { data } = useQuery({
    queryKey: endpointKey('api/flow/options'),
    queryFn: () => api.fetch<FlowOption[]>('api/flow/options', {}, { silent: true }),
    staleTime: 60_000,
  });
  return data ?? [];
}
