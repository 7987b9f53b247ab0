/**
 * Realtime connection status shown by the top bar's online dot and online count. The realtime
 * connection itself arrives in a later issue; until it runs, the user is shown offline.
 */
import { create } from 'zustand';

type RealtimeStatusState = {
  online: boolean;
  /** People online; null while unknown. */
  onlineCount: number | null;
  setOnline: (online: boolean) => void;
  setOnlineCount: (count: number | null) => void;
};

export const useRealtimeStatus = create<RealtimeStatusState>()((set) => ({
  online: false,
  onlineCount: null,
  setOnline: (online) => set({ online }),
  setOnlineCount: (onlineCount) => set({ onlineCount }),
}));
