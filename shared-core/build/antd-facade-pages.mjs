/**
 * The second part of the antd the portal shares (see antd-facade.mjs), under the `@portal/antd-pages`
 * key: what list, form and detail pages use beyond the layout (tables, forms, pickers, uploads), with
 * their rc-component packages. Loaded when the first such page opens, not with the workbench.
 *
 * One name per line, sorted; a name is here or in antd-facade.mjs, never both.
 */
export {
  Alert,
  Cascader,
  Checkbox,
  ColorPicker,
  DatePicker,
  Descriptions,
  Divider,
  Flex,
  Form,
  Image,
  Input,
  InputNumber,
  List,
  Modal,
  Pagination,
  Popconfirm,
  Popover,
  Progress,
  Radio,
  Segmented,
  Select,
  Skeleton,
  Steps,
  Table,
  Tag,
  Timeline,
  Tree,
  TreeSelect,
  Upload,
} from 'antd/es/index.js';
