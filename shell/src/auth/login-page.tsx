/**
 * /login inside the portal's router (after a logout or a forced logout, or when a visitor opened
 * another page first): the plain login form, `?redirect=` honoured, a logged-in user sent to the root.
 */
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useSessionStore } from '@portal/shared-core';
import { LoginForm } from './login-form';
import { safeRedirect } from './safe-redirect';

export function LoginPage() {
  // Only a session that existed when the page opened sends the user away; the one this form creates
  // leaves for the redirect target instead.
  const [loggedInAlready] = useState(() => useSessionStore.getState().token !== null);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  if (loggedInAlready) return <Navigate to="/" replace />;
  return <LoginForm onLoggedIn={() => navigate(safeRedirect(params.get('redirect')), { replace: true })} />;
}
