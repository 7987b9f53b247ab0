/**
 * The first code that runs (behind the Module Federation async boundary). A visitor on /login gets
 * the plain login form: React and shared-core only, no antd and no layout, so the page before login
 * stays light (issue #13). The portal (bootstrap.tsx) is fetched while the visitor types and started
 * once the session is stored; a logged-in user, or any other path, gets the portal at once.
 */
import { createRoot, hydrateRoot } from 'react-dom/client';
import { useSessionStore } from '@portal/shared-core';
import { LoginForm } from './auth/login-form';
import { safeRedirect } from './auth/safe-redirect';

const loadPortal = () => import(/* webpackChunkName: "portal" */ './bootstrap');

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

if (window.location.pathname === '/login' && !useSessionStore.getState().token) {
  const onLoggedIn = () => {
    const target = safeRedirect(new URLSearchParams(window.location.search).get('redirect'));
    window.history.replaceState(null, '', target);
    void loadPortal().then(({ startPortal }) => {
      loginRoot.unmount();
      startPortal(root);
    });
  };
  const form = <LoginForm onLoggedIn={onLoggedIn} onFirstInput={() => void loadPortal()} />;
  // The server sends /login pre-rendered (public/login.html): take over its markup instead of drawing it again.
  const prerendered = root.firstElementChild?.classList.contains('login-page') === true;
  const loginRoot = prerendered ? hydrateRoot(root, form) : createRoot(root);
  if (!prerendered) loginRoot.render(form);
} else {
  void loadPortal().then(({ startPortal }) => startPortal(root));
}
