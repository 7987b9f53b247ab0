/** The portal behind the session gate: permissions (cache, else server), remote routes, realtime connection, layout. */
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useSessionStore } from '@portal/shared-core';
import { FullPageSpin } from '../app/full-page-spin';
import { PortalProvider } from '../app/portal-context';
import { AppLayout } from '../layout/app-layout';
import { RealtimeProvider } from '../realtime/realtime-provider';
import { loadPermissions } from './load-permissions';

export function SignedInPortal() {
  const permissions = useSessionStore((s) => s.permissions);
  const navigate = useNavigate();

  useEffect(() => {
    if (permissions) return;
    // Success lands in the session store; failure has logged the user out.
    void loadPermissions().then((tree) => {
      if (!tree) navigate('/', { replace: true });
    });
  }, [permissions, navigate]);

  if (!permissions) return <FullPageSpin />;
  return (
    <PortalProvider permissions={permissions} loggedIn loading={<FullPageSpin />}>
      <RealtimeProvider>
        <AppLayout>
          <Outlet />
        </AppLayout>
      </RealtimeProvider>
    </PortalProvider>
  );
}

/** A visitor on a public route (customer search): the page without the layout. */
export function PublicPortal() {
  return (
    <PortalProvider permissions={null} loggedIn={false} loading={<FullPageSpin />}>
      <div className="public-page">
        <Outlet />
      </div>
    </PortalProvider>
  );
}
