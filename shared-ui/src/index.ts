/** Public API of @portal/shared-ui: antd-based building blocks shared by the shell and the remotes. */
export { ListPage } from './list-page/list-page';
export type { ListPageProps, ListOption, ListSort, SortOrder } from './list-page/list-page';
export { useListQuery } from './list-page/use-list-query';
export type { PagedQuery } from './list-page/use-list-query';
export { usePagedList } from './list-page/use-paged-list';
export type { PagedRows, PagedListState } from './list-page/use-paged-list';

export { FormPanel } from './form-panel/form-panel';
export type { FormPanelProps, FormPanelMode } from './form-panel/form-panel';
export { requiredRule } from './form-panel/required-rule';
export type { RequiredKind } from './form-panel/required-rule';

export { DetailView } from './detail-view/detail-view';
export type { DetailItem, DetailViewProps } from './detail-view/detail-view';

export { NotYetAvailable, NOT_YET_AVAILABLE_TEXT } from './not-yet-available/not-yet-available';
export type { NotYetAvailableProps } from './not-yet-available/not-yet-available';

export { AppNotifierBridge } from './app-notifier/app-notifier-bridge';
