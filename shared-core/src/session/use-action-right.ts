/**
 * Action rights of the signed-in user, read from the session's permission tree: pages use these to
 * hide a button the user may not press (the server refuses the call anyway).
 */
import { useMemo } from 'react';
import { hasAction, type ActionKey, type AreaKey } from '../contract/permissions';
import { useSessionStore } from './session-store';

/** Whether the user may perform `action` on the page `path` of `area`, e.g. ('crm', 'customer/watched', 'delete'). */
export function useActionRight(area: AreaKey, path: string, action: ActionKey): boolean {
  return useSessionStore((s) => hasAction(s.permissions, area, path, action));
}

/** Several actions of one page at once: `{ create: true, delete: false, … }`. */
export function useActionRights<A extends ActionKey>(area: AreaKey, path: string, actions: readonly A[]): Record<A, boolean> {
  const permissions = useSessionStore((s) => s.permissions);
  const key = actions.join(',');
  return useMemo(
    () => Object.fromEntries(key.split(',').map((action) => [action, hasAction(permissions, area, path, action as A)])) as Record<A, boolean>,
    [permissions, area, path, key],
  );
}
