/** The remotes' route tables as loaded once per page load, and which areas are unavailable. */
import { create } from 'zustand';
import type { RemoteArea, RemoteRoutesModule } from '@portal/shared-core';
import { loadRemoteAreas, type RemoteAreas } from './load-remote-areas';

type RemoteAreasState = {
  status: 'idle' | 'loading' | 'ready';
  modules: RemoteRoutesModule[];
  unavailable: RemoteArea[];
  /** Loads every area once; later calls do nothing. */
  load: () => Promise<void>;
  /** Tries one unavailable area again. */
  retry: (area: RemoteArea) => Promise<void>;
};

export const useRemoteAreas = create<RemoteAreasState>()((set, get) => ({
  status: 'idle',
  modules: [],
  unavailable: [],
  load: async () => {
    if (get().status !== 'idle') return;
    set({ status: 'loading' });
    const result: RemoteAreas = await loadRemoteAreas();
    set({ status: 'ready', modules: result.modules, unavailable: result.unavailable });
  },
  retry: async (area) => {
    const result = await loadRemoteAreas([area], { force: true });
    const { modules, unavailable } = get();
    set({
      modules: [...modules.filter((m) => m.area !== area), ...result.modules],
      unavailable: result.unavailable.length > 0 ? unavailable : unavailable.filter((a) => a !== area),
    });
  },
}));
