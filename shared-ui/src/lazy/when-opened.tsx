/**
 * Modals, drawers and panels whose code loads when a user first opens them, not with the page
 * (issue #13: the customer list loaded its import wizard, export, detail and form panels, and with
 * them the form engine's controls and antd's form components, before showing a row).
 *
 *   const ExportModal = lazy(() => import('./export/export-modal').then((m) => ({ default: m.ExportModal })));
 *   <WhenOpened open={open === 'export'}><ExportModal open={open === 'export'} … /></WhenOpened>
 *
 * The child mounts the first time `open` is true and stays mounted after, so closing animates and
 * state kept between openings (a form, a wizard's step) survives as before. While its code loads,
 * nothing shows (a local chunk: a fraction of a second).
 */
import { Suspense, useState, type ReactNode } from 'react';

/** True from the first render with `open` true on. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function WhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const opened = useOpenedOnce(open);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
