/**
 * The antd the portal shares: the shell provides this module under the `antd` key (mf-shared.cjs),
 * so webpack tree-shakes antd inside the shared chunk. Module Federation shares whole modules and
 * counts every export of a provided module as used: sharing antd itself put all of antd (Calendar,
 * Transfer, Tour, QRCode, Carousel, Slider …) into the first load after login (issue #13).
 *
 * One name per line, sorted. Sources keep `import { X } from 'antd'`. Add the name here when code
 * of the shell, shared-ui, shared-core or a remote imports one that is missing: that app's build fails
 * naming it (shared-exports-plugin.cjs), shared-facades.test.ts fails, and `pnpm release` refuses a
 * remote that uses a name the released shell does not provide (rebuild and deploy the shell first).
 * Remove a name only when no released remote uses it any more (each remote's dist/shared-exports.json
 * lists the names it uses).
 */
export {
  Alert,
  App,
  Avatar,
  Badge,
  Button,
  Card,
  Cascader,
  Checkbox,
  Col,
  ColorPicker,
  ConfigProvider,
  DatePicker,
  Descriptions,
  Divider,
  Drawer,
  Dropdown,
  Empty,
  Flex,
  Form,
  Image,
  Input,
  InputNumber,
  Layout,
  List,
  Menu,
  Modal,
  Pagination,
  Popconfirm,
  Popover,
  Progress,
  Radio,
  Result,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Spin,
  Statistic,
  Steps,
  Switch,
  Table,
  Tabs,
  Tag,
  Timeline,
  Tooltip,
  Tree,
  TreeSelect,
  Typography,
  Upload,
} from 'antd/es/index.js';
