/**
 * The shell's routes: /login, the person pages, and every remote route behind the session gate.
 * Everything after login loads lazily, so the login page ships only what it needs.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { LoginPage } from '../auth/login-page';
import { SessionGate } from '../auth/session-gate';
import { FullPageSpin } from './full-page-spin';

export const appRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  {
    path: '/',
    element: <SessionGate />,
    // Shown while a lazily loaded route of the first navigation arrives.
    hydrateFallbackElement: <FullPageSpin />,
    children: [
      { index: true, lazy: () => import('../remotes/remote-page').then((m) => ({ Component: m.RootRedirect })) },
      { path: 'person', element: <Navigate to="/person/index" replace /> },
      { path: 'person/index', lazy: () => import('../person/person-settings-page').then((m) => ({ Component: m.PersonSettingsPage })) },
      { path: 'person/avatar', lazy: () => import('../person/avatar-page').then((m) => ({ Component: m.AvatarPage })) },
      // Remote routes are resolved against the user's built routes (see remotes/remote-page.tsx).
      { path: '*', lazy: () => import('../remotes/remote-page').then((m) => ({ Component: m.RemotePage })) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
