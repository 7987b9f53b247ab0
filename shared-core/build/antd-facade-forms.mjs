/**
 * The third part of the antd the portal shares (see antd-facade.mjs), under `@portal/antd-forms`:
 * forms, details, pickers, uploads and modals (Form, DatePicker, Tree, Cascader, Upload, Steps …),
 * with their rc-component packages. Loaded with the first form, detail panel or modal a user opens
 * (list pages load theirs when opened: shared-ui's WhenOpened), or with a page that shows one at once.
 *
 * One name per line, sorted; a name is in one part only.
 */
export {
  Cascader,
  ColorPicker,
  DatePicker,
  Descriptions,
  Divider,
  Form,
  Image,
  InputNumber,
  List,
  Modal,
  Popconfirm,
  Progress,
  Skeleton,
  Steps,
  Timeline,
  Tree,
  TreeSelect,
  Upload,
} from 'antd/es/index.js';
