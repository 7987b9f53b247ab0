/**
 * The right-side slide panel (spec §2.3). Any page opens it through `useSlidePanel()`; the shell
 * renders it and closes it on a click outside the panel.
 */
import type { ReactNode } from 'react';
import { create } from 'zustand';
import { WIDTHS } from '../constants/limits';

export type SlidePanelContent = {
  title?: ReactNode;
  /** px; defaults to the form panel width (800). */
  width?: number;
  content: ReactNode;
  /** Called after the panel closes, whatever closed it. */
  onClose?: () => void;
};

type SlidePanelState = {
  panel: (SlidePanelContent & { width: number }) | null;
  openPanel: (panel: SlidePanelContent) => void;
  closePanel: () => void;
};

export const useSlidePanelStore = create<SlidePanelState>()((set, get) => ({
  panel: null,
  openPanel: (panel) => set({ panel: { ...panel, width: panel.width ?? WIDTHS.formPanel } }),
  closePanel: () => {
    const current = get().panel;
    set({ panel: null });
    current?.onClose?.();
  },
}));

/** `open(...)` shows content in the slide panel; `close()` hides it. */
export function useSlidePanel(): { open: (panel: SlidePanelContent) => void; close: () => void; isOpen: boolean } {
  const open = useSlidePanelStore((s) => s.openPanel);
  const close = useSlidePanelStore((s) => s.closePanel);
  const isOpen = useSlidePanelStore((s) => s.panel !== null);
  return { open, close, isOpen };
}
