/**
 * Access rules of spec §2.1 for every path but /login: a visitor goes to /login?redirect=<path>
 * (except the public customer search); a logged-in user gets permissions, routes and the layout.
 * The portal itself loads lazily, so the login page does not wait for it.
 */
import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSessionStore } from '@portal/shared-core';
import { FullPageSpin } from '../app/full-page-spin';
import { isPublicPath, loginPathFor } from './safe-redirect';

const SignedInPortal = lazy(() => import('./signed-in-portal').then((m) => ({ default: m.SignedInPortal })));
const PublicPortal = lazy(() => import('./signed-in-portal').then((m) => ({ default: m.PublicPortal })));

export function SessionGate() {
  const token = useSessionStore((s) => s.token);
  const { pathname, search } = useLocation();
  if (!token && !isPublicPath(pathname)) return <Navigate to={loginPathFor(pathname + search)} replace />;
  return <Suspense fallback={<FullPageSpin />}>{token ? <SignedInPortal /> : <PublicPortal />}</Suspense>;
}
