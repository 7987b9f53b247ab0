/** The public pools (api/pool/*) as the 公海客户 list uses them: the pools the user may see, and 转移公海. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicPoolRow } from '@portal/shared-contract';
import { api, endpointKey, useDataChange } from '@portal/shared-core';

/** A pool the user may see (the fields the list reads); id 0 is 默认公海 (first). */
export type PoolOption = Pick<PublicPoolRow, 'id' | 'name' | 'isDefault' | 'customers' | 'enabled'>;

export const poolKeys = { all: () => endpointKey('api/pool/index') };

export const usePoolOptions = (enabled = true) =>
  useQuery({ queryKey: poolKeys.all(), queryFn: () => api.list<PoolOption>('api/pool/index', {}, { silent: true }), enabled, staleTime: 60_000 });

/** 转移公海: the selected pool customers to another pool (0: 默认公海); the lists and the pools' counts refresh. */
export function useMovePoolCustomers() {
  const applyChange = useDataChange();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, poolId }: { ids: readonly number[]; poolId: number }) => api.command('api/pool/move', { ids: ids.join(','), poolId }),
    onSuccess: (_reply, { ids }) => {
      applyChange({ type: 'customers-changed', ids: [...ids] });
      void queryClient.invalidateQueries({ queryKey: poolKeys.all() });
    },
  });
}
