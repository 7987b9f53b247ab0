/**
 * The login page arrives pre-rendered (public/login.html, served for /login): the markup in
 * login-prerender.html is what LoginForm renders before any input, so boot.tsx hydrates it and the
 * first paint already shows the form (Lighthouse's LCP on /login, issue #13). This test keeps the
 * file equal to the component: after changing the form, run
 *   UPDATE_LOGIN_PRERENDER=1 pnpm exec jest shell/src/auth/login-prerender.test.tsx
 */
import fs from 'node:fs';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { LoginForm } from './login-form';

const FILE = path.join(__dirname, 'login-prerender.html');

it('login-prerender.html is what LoginForm renders first', () => {
  const markup = renderToString(<LoginForm onLoggedIn={() => undefined} />);
  if (process.env.UPDATE_LOGIN_PRERENDER === '1') fs.writeFileSync(FILE, `${markup}\n`);
  expect(fs.readFileSync(FILE, 'utf8').trim()).toBe(markup);
});
