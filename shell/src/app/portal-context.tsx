/** The routes and menus of the current user, built once per permission tree and set of loaded remotes. */
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { buildRoutesAndMenus, type PermissionTree, type RemoteArea, type RoutesAndMenus } from '@portal/shared-core';
import { useRemoteAreas } from '../remotes/remote-areas-store';

export type Portal = RoutesAndMenus & {
  permissions: PermissionTree | null;
  /** Areas whose remote failed to load. */
  unavailable: RemoteArea[];
};

const PortalContext = createContext<Portal | null>(null);

export function usePortal(): Portal {
  const portal = useContext(PortalContext);
  if (!portal) throw new Error('usePortal outside PortalProvider');
  return portal;
}

/** Loads the remotes' route tables (once) and provides the routes the permissions allow. */
export function PortalProvider({
  permissions,
  loggedIn,
  loading,
  children,
}: {
  permissions: PermissionTree | null;
  loggedIn: boolean;
  loading: ReactNode;
  children: ReactNode;
}) {
  const { status, modules, unavailable, load } = useRemoteAreas();
  useEffect(() => {
    void load();
  }, [load]);
  const portal = useMemo<Portal>(
    () => ({ ...buildRoutesAndMenus(permissions, modules, { loggedIn }), permissions, unavailable }),
    [permissions, modules, unavailable, loggedIn],
  );
  if (status !== 'ready') return <>{loading}</>;
  return <PortalContext.Provider value={portal}>{children}</PortalContext.Provider>;
}
