/** Menu badge counts (CRM watched / zaifenpei, spec §2.3), filled by whoever loads the counts. */
import { create } from 'zustand';
import type { BadgeKey } from '../contract/routes';

type BadgeState = {
  counts: Partial<Record<BadgeKey, number>>;
  setBadge: (key: BadgeKey, count: number) => void;
  setBadges: (counts: Partial<Record<BadgeKey, number>>) => void;
};

export const useBadgeStore = create<BadgeState>()((set) => ({
  counts: {},
  setBadge: (key, count) => set((s) => ({ counts: { ...s.counts, [key]: count } })),
  setBadges: (counts) => set((s) => ({ counts: { ...s.counts, ...counts } })),
}));
