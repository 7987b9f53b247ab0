/**
 * The first part of shared-ui as Module Federation shares it (shared-core/build/mf-shared.cjs), under
 * `@portal/shared-ui`: list pages and what the shell needs at once. forms.ts holds the form engine,
 * detail views, pickers and widgets, shared as `@portal/shared-ui-forms` and loaded when the first
 * of them is needed (issue #13: the customer list loaded all of shared-ui, and with it antd's form,
 * date, tree, cascader and upload components, before showing a row).
 *
 * Sources import everything from `@portal/shared-ui` (index.ts, which also has the types); in the
 * builds facade-parts-loader.cjs points each name at its part. Each value index.ts exports is in
 * exactly one part (shared-facades.test.ts). Modules of this part must not import the other part's
 * modules at their top: a list loads a form, picker or modal when it opens (lazy/when-opened.tsx).
 *
 * Only `export { … } from '…'` statements, one per module.
 */
export { ListPage, pageSizesOf, VIRTUAL_ABOVE } from '../list-page/list-page';
export { useListQuery, useRouteListQuery } from '../list-page/use-list-query';
export { usePagedList } from '../list-page/use-paged-list';
export { useColumnChoice } from '../list-page/use-column-choice';
export { batchEndpoints } from '../list-page/batch/batch-endpoints';
export { useRemoteOptions, loadRemoteOptions } from '../remote-select/use-remote-options';
export { WhenOpened, useOpenedOnce } from '../lazy/when-opened';
export { NotYetAvailable, NOT_YET_AVAILABLE_TEXT } from '../not-yet-available/not-yet-available';
export { AppNotifierBridge } from '../app-notifier/app-notifier-bridge';
export { useFileSrc, useFileSrcs } from '../widgets/file-url';
export { NextFollowUpTime, isOverdue } from '../widgets/next-follow-up-time';
