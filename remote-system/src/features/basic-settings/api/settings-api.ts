/** 基础设置 calls (api/setting/*) and hooks; every save marks the settings changed (the top bar reads them). */
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, endpointKey, useDataChange } from '@portal/shared-core';
import { usePagedList } from '@portal/shared-ui';
import type { NumberingRule, SettingsLogRow, SettingsPage } from '@portal/shared-contract';

export type { NumberingRule };
export type Settings = SettingsPage;
export type SettingLog = SettingsLogRow;

export const SAVE_URLS = {
  company: 'api/setting/saveCompany',
  pool: 'api/setting/savePool',
  numbering: 'api/setting/saveNumbering',
  security: 'api/setting/saveSecurity',
  upload: 'api/setting/saveUpload',
} as const;
export type SettingGroup = keyof typeof SAVE_URLS;

export const useSettings = () => useQuery({ queryKey: endpointKey('api/setting/index'), queryFn: () => api.fetch<Settings>('api/setting/index') });

export const useSettingLogs = (query: { page: number; rows: number }) =>
  usePagedList(endpointKey('api/setting/logs'), (q: { page: number; rows: number }) => api.list<SettingLog>('api/setting/logs', q, { silent: true }), query);

export function useSaveSettings() {
  const changed = useDataChange();
  return useMutation({
    mutationFn: ({ group, values }: { group: SettingGroup; values: Record<string, unknown> }) => api.command(SAVE_URLS[group], values),
    onSuccess: () => changed({ type: 'settings-changed' }),
  });
}
