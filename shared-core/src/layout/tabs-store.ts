/**
 * Open pages shown as closable tabs (spec §2.3): the only remaining tab cannot be closed; closing the
 * active tab activates its neighbour (the one to the right, else the one to the left).
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type PageTab = { key: string; title: string };

type TabsState = {
  tabs: PageTab[];
  activeKey: string | null;
  /** Opens (or re-titles) a tab and activates it. */
  openTab: (tab: PageTab) => void;
  /** Closes a tab; returns the key that is now active (null when nothing changed). */
  closeTab: (key: string) => string | null;
  activateTab: (key: string) => void;
  resetTabs: () => void;
};

export const TABS_STORAGE_KEY = 'portal-tabs';

export const useTabsStore = create<TabsState>()(
  persist(
    (set, get) => ({
      tabs: [],
      activeKey: null,
      openTab: (tab) =>
        set((s) => {
          const exists = s.tabs.some((t) => t.key === tab.key);
          const tabs = exists ? s.tabs.map((t) => (t.key === tab.key ? { ...t, title: tab.title } : t)) : [...s.tabs, tab];
          return { tabs, activeKey: tab.key };
        }),
      closeTab: (key) => {
        const { tabs, activeKey } = get();
        const index = tabs.findIndex((t) => t.key === key);
        if (index < 0 || tabs.length <= 1) return null;
        const remaining = tabs.filter((t) => t.key !== key);
        const nextActive = key === activeKey ? (tabs[index + 1] ?? tabs[index - 1]).key : activeKey;
        set({ tabs: remaining, activeKey: nextActive });
        return nextActive;
      },
      activateTab: (key) => set((s) => (s.tabs.some((t) => t.key === key) ? { activeKey: key } : {})),
      resetTabs: () => set({ tabs: [], activeKey: null }),
    }),
    { name: TABS_STORAGE_KEY, storage: createJSONStorage(() => localStorage) },
  ),
);

export function canCloseTab(tabs: PageTab[]): boolean {
  return tabs.length > 1;
}
