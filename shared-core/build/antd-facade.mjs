/**
 * The antd the portal shares, in three parts by when a user first needs them (issue #13). This is the
 * first part, shared under the `antd` key: the names the layout and the workbench use, loaded with
 * the layout after login. antd-facade-lists.mjs (`@portal/antd-lists`) holds what list pages show,
 * loaded with the first list; antd-facade-forms.mjs (`@portal/antd-forms`) forms, details, pickers and
 * modals, loaded when the first one opens. Sources keep `import { X } from 'antd'`; every build
 * points each imported name at its part (facade-parts-loader.cjs), so a page's imports decide what
 * loads, not where the name is listed.
 *
 * Why a facade: the shell provides this module (mf-shared.cjs), so webpack tree-shakes antd inside
 * the shared chunk. Module Federation shares whole modules and counts every export of a provided
 * module as used: sharing antd itself put all of antd (Calendar, Transfer, Tour, QRCode, Carousel,
 * Slider …) into the first load after login.
 *
 * One name per line, sorted, each name in one part. When code of the shell, shared-ui, shared-core or
 * a remote imports a name that is missing, add it to the part that loads when it is first needed:
 * until then that app's build fails naming it (shared-exports-plugin.cjs), shared-facades.test.ts fails, and `pnpm release` refuses a
 * remote that uses a name the released shell does not provide (rebuild and deploy the shell first).
 * Moving a name between the parts, or removing one, breaks released remotes that import it the old
 * way (`pnpm release` tells): rebuild and release every remote with the shell. Each remote's
 * dist/shared-exports.json lists the names it uses per part.
 */
export {
  App,
  Avatar,
  Badge,
  Button,
  Card,
  Col,
  ConfigProvider,
  Drawer,
  Dropdown,
  Empty,
  Layout,
  Menu,
  Result,
  Row,
  Space,
  Spin,
  Statistic,
  Switch,
  Tabs,
  Tooltip,
  Typography,
} from 'antd/es/index.js';
