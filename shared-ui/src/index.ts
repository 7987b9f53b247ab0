/** Public API of @portal/shared-ui: antd-based building blocks shared by the shell and the remotes. */
export { ListPage } from './list-page/list-page';
export type { ListPageProps, ListOption, ListSort, SortOrder } from './list-page/list-page';
export { useListQuery } from './list-page/use-list-query';
export type { PagedQuery } from './list-page/use-list-query';
export { usePagedList } from './list-page/use-paged-list';
export type { PagedRows, PagedListState } from './list-page/use-paged-list';
export { pageSizesOf, VIRTUAL_ABOVE } from './list-page/list-page';
export type { PageSizeSet, AdvancedSearchConfig, BatchConfig, FilterTag, ListRights } from './list-page/list-page';
export { useRouteListQuery } from './list-page/use-list-query';
export type { RouteParams } from './list-page/use-list-query';
export { useColumnChoice } from './list-page/use-column-choice';
export type { ColumnChoiceState } from './list-page/use-column-choice';
export type { ColumnChoice, ColumnOption } from './list-page/column-settings';
export type { SelectionAction } from './list-page/selection-bar';
export type { SearchValues } from './list-page/search-values';
export type { DepartmentChoice } from './list-page/department-filter';
export { batchEndpoints } from './list-page/batch/batch-endpoints';
export type { BatchEndpoints } from './list-page/batch/batch-endpoints';
export { ImportWizard } from './list-page/import/import-wizard';
export type { ImportResult } from './list-page/import/import-types';
export { ExportModal } from './list-page/export/export-modal';
export { DuplicateCheckModal } from './list-page/duplicate/duplicate-check-modal';

export { FormPanel } from './form-panel/form-panel';
export type { FormPanelProps, FormPanelMode } from './form-panel/form-panel';
export { requiredRule } from './form-panel/required-rule';
export type { RequiredKind } from './form-panel/required-rule';

export { DetailView, VOUCHER_FORMS } from './detail-view/detail-view';
export type { DetailItem, DetailViewProps } from './detail-view/detail-view';
export { DetailTabs, tabLabel, useSubtotal } from './detail-view/detail-tabs';
export type { DetailTab, DetailTabsProps, TabCounts } from './detail-view/detail-tabs';

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
export { linkageState, linkageKey, ruleMatches, LINKAGE_EFFECT_LABELS } from './dynamic-form/linkage';
export { controlFor } from './dynamic-form/controls/registry';
export { CONTROL_TYPES, JSON_VALUE_TYPES } from './dynamic-form/types';
export type { ControlType, ControlProps, ControlComponent, FieldDefinition, FieldOption, FormDefinition, FormMode, LinkageRule } from './dynamic-form/types';
export { RemoteSelect } from './remote-select/remote-select';
export type { RemoteSelectProps, RemoteSelectValue } from './remote-select/remote-select';
export { useRemoteOptions, loadRemoteOptions } from './remote-select/use-remote-options';
export type { RemoteOption, RemoteOptionsSource } from './remote-select/use-remote-options';

// Pickers and widgets (spec §2.6)
export { CustomerPicker } from './pickers/customer-picker';
export type { CustomerPickerProps } from './pickers/customer-picker';
export { ContractSelect } from './pickers/contract-select';
export type { ContractSelectProps } from './pickers/contract-select';
export { ProductPicker, taxRateText } from './pickers/product-picker';
export type { ProductPickerProps } from './pickers/product-picker';
export { PicturePicker, shortPictureName } from './pickers/picture-picker';
export type { PicturePickerProps } from './pickers/picture-picker';
export { DepartmentPicker } from './pickers/department-picker';
export type { DepartmentPickerProps } from './pickers/department-picker';
export { TreePopover } from './pickers/tree-popover';
export type { TreePopoverProps } from './pickers/tree-popover';
export type { TextTreeNode } from './pickers/tree-nodes';
export { UserPicker, UserPickerPanel, toPickedUser } from './pickers/user-picker';
export type { UserPickerProps } from './pickers/user-picker';
export type {
  AlbumPicture,
  BranchNode,
  ContractRecord,
  CustomerRecord,
  DirectoryUser,
  PickedUser,
  PictureValue,
  ProductRecord,
  WarehouseStock,
} from './pickers/directory-types';
export { ImageViewer } from './widgets/image-viewer';
export type { ImageViewerProps } from './widgets/image-viewer';
export { printArea } from './widgets/print-area';
export { PrintRecordButton, MSG_NO_PRINT_TEMPLATE } from './widgets/print-record-button';
export type { PrintRecordButtonProps } from './widgets/print-record-button';
export { amountInCapitals, contractPrintValues, fillPrintTemplate, formatPrintAmount, intakePrintValues, PRINT_PLACEHOLDERS } from './widgets/print-template';
export type { ContractPrintSource, IntakePrintSource, PrintModule, PrintTable } from './widgets/print-template';
export { NextFollowUpTime, isOverdue } from './widgets/next-follow-up-time';
export { futureTimePickerProps, nextFollowUpRule } from './widgets/next-follow-up';
export { RegionCascader } from './widgets/region-cascader';
export type { RegionCascaderProps } from './widgets/region-cascader';
export type { Region } from './widgets/region-api';
export { RichTextEditor } from './widgets/rich-text-editor';
export type { RichTextEditorProps } from './widgets/rich-text-editor';
export { ProductLineItems } from './widgets/product-line-items';
export type { ProductLineItemsProps } from './widgets/product-line-items';
export { lineItemFromProduct, subtotalOf, withSubtotal } from './widgets/line-item';
export type { LineItem } from './widgets/line-item';
export { AttachmentList } from './widgets/attachment-list';
export type { AttachmentListProps } from './widgets/attachment-list';
export { UploadWidget } from './widgets/upload-widget';
export type { UploadWidgetProps } from './widgets/upload-widget';
export type { FileRecord, FileListQuery, UploadParams } from './widgets/file-types';

export { WhenOpened, useOpenedOnce } from './lazy/when-opened';

export { NotYetAvailable, NOT_YET_AVAILABLE_TEXT } from './not-yet-available/not-yet-available';
export type { NotYetAvailableProps } from './not-yet-available/not-yet-available';

export { AppNotifierBridge } from './app-notifier/app-notifier-bridge';
export { useFileSrc, useFileSrcs } from './widgets/file-url';
