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

// Dynamic form engine (spec §2.5, §2.6, §4, §5)
export { DynamicForm, DynamicFormFields, fieldSpan, labelLayout } from './dynamic-form/dynamic-form';
export type { DynamicFormProps, DynamicFormFieldsProps } from './dynamic-form/dynamic-form';
export { DynamicFormPanel, CC_LABEL } from './dynamic-form/dynamic-form-panel';
export type { DynamicFormPanelProps } from './dynamic-form/dynamic-form-panel';
export { DynamicDetailView, detailItems } from './dynamic-form/dynamic-detail-view';
export type { DynamicDetailViewProps } from './dynamic-form/dynamic-detail-view';
export { useDynamicRecord } from './dynamic-form/use-dynamic-record';
export type { DynamicRecord, DynamicRecordOptions } from './dynamic-form/use-dynamic-record';
export { fetchFormDefinition } from './dynamic-form/form-api';
export type { CcUser } from './dynamic-form/form-api';
export { toSubmitValues, fromDetailValues, defaultValues } from './dynamic-form/values';
export type { FormValues } from './dynamic-form/values';
export { fieldRules } from './dynamic-form/rules';
export { formFields } from './dynamic-form/fields';
export { controlFor } from './dynamic-form/controls/registry';
export { CONTROL_TYPES, JSON_VALUE_TYPES } from './dynamic-form/types';
export type { ControlType, ControlProps, ControlComponent, FieldDefinition, FieldOption, FormDefinition, FormMode } from './dynamic-form/types';
export { RemoteSelect } from './remote-select/remote-select';
export type { RemoteSelectProps, RemoteSelectValue } from './remote-select/remote-select';
export { useRemoteOptions, loadRemoteOptions } from './remote-select/use-remote-options';
export type { RemoteOption, RemoteOptionsSource } from './remote-select/use-remote-options';

export { NotYetAvailable, NOT_YET_AVAILABLE_TEXT } from './not-yet-available/not-yet-available';
export type { NotYetAvailableProps } from './not-yet-available/not-yet-available';

export { AppNotifierBridge } from './app-notifier/app-notifier-bridge';
