/** 版本管理 calls (api/release/*) and hooks: each remote's releases, and rollback to one of them. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, endpointKey } from '@portal/shared-core';

export type RemoteArea = 'crm' | 'oa' | 'bi' | 'system';

export type ReleaseRow = {
  folder: string;
  version: string;
  releasedAt: string;
  releasedBy: string;
  /** Shared singleton → version the build was made with. */
  shared: Record<string, string>;
  current: boolean;
  lastGood: boolean;
  bad: boolean;
};

export type RemoteReleases = {
  area: RemoteArea;
  title: string;
  packageName: string;
  current: string | null;
  lastGood: string | null;
  bad: string[];
  releases: ReleaseRow[];
  log: { action: 'release' | 'rollback' | 'mark-bad'; folder: string; at: string; by: string; note: string }[];
};

export const LIST_URL = 'api/release/list';
export const ROLLBACK_URL = 'api/release/rollback';

const listKey = () => endpointKey(LIST_URL);

export const useReleases = () => useQuery({ queryKey: listKey(), queryFn: () => api.fetch<RemoteReleases[]>(LIST_URL) });

/** 回滚: the registry changes on the server; the list is read again. */
export function useRollback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ remote, folder }: { remote: RemoteArea; folder: string }) => api.command(ROLLBACK_URL, { remote, folder }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey() }),
  });
}
