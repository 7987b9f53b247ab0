/**
 * Tabbed detail panels (spec §2.5): each tab may show a count, and the counts of all tabs come from
 * one subtotal call (`api/<entity>/Subtotal {id}`), cached under its endpoint key and refetched
 * when a change of the record invalidates it.
 */
import { useCallback, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { api, endpointKey } from '@portal/shared-core';

export type DetailTab = {
  key: string;
  label: string;
  children: ReactNode;
  /** The subtotal key whose count the tab shows, e.g. 'contact'. */
  countKey?: string;
};

export type TabCounts = Partial<Record<string, number>>;

export type DetailTabsProps = {
  tabs: readonly DetailTab[];
  counts?: TabCounts;
  defaultActiveKey?: string;
};

/** The label with its count, e.g. 联系人 (3); no count while unknown. */
export function tabLabel(label: string, count: number | undefined): string {
  return count === undefined ? label : `${label} (${count})`;
}

export function DetailTabs({ tabs, counts = {}, defaultActiveKey }: DetailTabsProps) {
  return (
    <Tabs
      defaultActiveKey={defaultActiveKey}
      items={tabs.map((tab) => ({
        key: tab.key,
        label: tabLabel(tab.label, tab.countKey ? counts[tab.countKey] : undefined),
        children: tab.children,
      }))}
    />
  );
}

/**
 * The counts of a record's tabs. Failures leave the counts unknown (the tabs still work), so the call
 * is silent; `setCount` lets a tab correct its own count after a change (e.g. an upload).
 */
const NO_COUNTS: TabCounts = {};

export function useSubtotal(url: string, id: number | undefined) {
  const queryClient = useQueryClient();
  const queryKey = endpointKey(url, { id: Number(id) });
  const subtotal = useQuery({
    queryKey,
    queryFn: async () => (await api.fetch<TabCounts>(url, { id }, { silent: true })) ?? {},
    enabled: id !== undefined,
  });
  const keyText = JSON.stringify(queryKey);
  const setCount = useCallback(
    (key: string, count: number) => queryClient.setQueryData<TabCounts>(JSON.parse(keyText) as unknown[], (c) => ({ ...c, [key]: count })),
    [queryClient, keyText],
  );
  return { counts: id === undefined ? NO_COUNTS : (subtotal.data ?? NO_COUNTS), setCount };
}
