/**
 * The second part of the antd the portal shares (see antd-facade.mjs), under `@portal/antd-lists`:
 * what a list page shows before anything is opened (the table, its toolbar's search box, selects,
 * segmented views, filter popovers and tags), with their rc-component packages. Loaded with the first
 * list page, not with the workbench.
 *
 * One name per line, sorted; a name is in one part only.
 */
export { Alert, Checkbox, Flex, Input, Pagination, Popover, Radio, Segmented, Select, Table, Tag } from 'antd/es/index.js';
