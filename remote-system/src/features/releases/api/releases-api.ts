/** 版本管理 calls (api/release/*) and hooks: each remote's releases, and rollback to one of them. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, endpointKey } from '@portal/shared-core';
import type { ReleaseRow, RemoteReleases } from '@portal/shared-contract';

export type { ReleaseRow, RemoteReleases };

export const LIST_URL = 'api/release/list';
export const ROLLBACK_URL = 'api/release/rollback';

const listKey = () => endpointKey(LIST_URL);

export const useReleases = () => useQuery({ queryKey: listKey(), queryFn: () => api.fetch<RemoteReleases[]>(LIST_URL) });

/** 回滚: the registry changes on the server; the list is read again. */
export function useRollback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ remote, folder }: { remote: RemoteReleases['area']; folder: string }) => api.command(ROLLBACK_URL, { remote, folder }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey() }),
  });
}
