/**
 * Realtime connection status shown by the top bar's online dot and online count, set by the shell's
 * realtime connection (shell/src/realtime); until it has connected, the user is shown offline.
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
