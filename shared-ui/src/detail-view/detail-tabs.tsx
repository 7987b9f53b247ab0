/**
 * Tabbed detail panels (spec §2.5): each tab may show a count, and the counts of all tabs come from
 * one subtotal call (`api/<entity>/Subtotal {id}`), reloaded when the record or `refreshKey` changes.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Tabs } from 'antd';
import { api } from '@portal/shared-core';

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
export function useSubtotal(url: string, id: number | undefined, refreshKey?: unknown) {
  const [counts, setCounts] = useState<TabCounts>({});
  useEffect(() => {
    setCounts({});
    if (id === undefined) return;
    let current = true;
    api.fetch<TabCounts>(url, { id }, { silent: true }).then(
      (data) => current && setCounts(data ?? {}),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [url, id, refreshKey]);
  const setCount = useCallback((key: string, count: number) => setCounts((c) => ({ ...c, [key]: count })), []);
  return { counts, setCount };
}
