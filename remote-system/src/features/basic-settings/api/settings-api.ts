/** 基础设置 calls (api/setting/*) and hooks; every save marks the settings changed (the top bar reads them). */
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, endpointKey, useDataChange } from '@portal/shared-core';
import { usePagedList } from '@portal/shared-ui';

export type NumberingRule = { prefix: string; withDate: boolean; digits: number };
export type Settings = {
  companyName: string;
  companyLogo: string;
  poolNoFollowupDays: number;
  poolNoDealDays: number;
  poolWarningDays: number;
  claimLimitPerDay: number;
  reclaimWaitDays: number;
  ownershipCap: number;
  capCountsDealt: boolean;
  /** 客户级别 value → its own no-follow-up recycle days (levels not listed use poolNoFollowupDays). */
  poolLevelDays?: Record<string, number>;
  /** The 客户级别 dictionary values. */
  poolLevels?: { value: string; name: string }[];
  passwordMinLength: number;
  passwordClasses: number;
  loginFailLimit: number;
  sessionHours: number;
  uploadMaxMb: number;
  uploadLimitMb: number;
  numbering: Record<string, NumberingRule>;
  numberKinds: { key: string; name: string }[];
};
export type SettingLog = { id: number; group: string; oldValue: string; newValue: string; UserName: string; AddTime: string };

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
