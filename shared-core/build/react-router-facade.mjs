/**
 * The router the portal shares: the shell provides this module under the `react-router-dom` key
 * (mf-shared.cjs), the same way as antd-facade.mjs, so webpack tree-shakes react-router inside the
 * shared chunk. react-router-dom 7 is `export * from 'react-router'` plus the DOM RouterProvider, and
 * sharing it whole sent all of react-router (its server rendering, sessions and cookies included:
 * 50 KiB brotli) with the first page after login (issue #13). `react-router` itself is no longer a
 * shared key: only this module imports it, so it is bundled once, here.
 *
 * The rules are antd-facade.mjs's: sources keep `import { X } from 'react-router-dom'`; one name per
 * line, sorted; a build importing a name that is missing fails naming it (shared-exports-plugin.cjs),
 * shared-facades.test.ts fails, and `pnpm release` refuses a remote that uses a
 * name the released shell does not provide. RouterProvider is react-router/dom's (it renders with
 * react-dom's flushSync), as in react-router-dom.
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  createBrowserRouter,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
export { RouterProvider } from 'react-router/dom';
