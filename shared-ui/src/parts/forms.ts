/**
 * The second part of shared-ui as Module Federation shares it (see lists.ts), under
 * `@portal/shared-ui-forms`: the dynamic form engine and its 30 controls, form and detail panels,
 * pickers, widgets (uploads, attachments, the rich-text editor, printing) and the list's batch
 * modals. Loaded with the first page or opened panel that uses one of them.
 *
 * Only `export { … } from '…'` statements, one per module.
 */
export { ImportWizard } from '../list-page/import/import-wizard';
export { ExportModal } from '../list-page/export/export-modal';
export { DuplicateCheckModal } from '../list-page/duplicate/duplicate-check-modal';
export { FormPanel } from '../form-panel/form-panel';
export { requiredRule } from '../form-panel/required-rule';
export { DetailView, VOUCHER_FORMS } from '../detail-view/detail-view';
export { DetailTabs, tabLabel, useSubtotal } from '../detail-view/detail-tabs';
export { DynamicForm, DynamicFormFields, fieldSpan, labelLayout } from '../dynamic-form/dynamic-form';
export { DynamicFormPanel, CC_LABEL } from '../dynamic-form/dynamic-form-panel';
export { DynamicDetailView, detailItems } from '../dynamic-form/dynamic-detail-view';
export { useDynamicRecord } from '../dynamic-form/use-dynamic-record';
export { fetchFormDefinition } from '../dynamic-form/form-api';
export { toSubmitValues, fromDetailValues, defaultValues } from '../dynamic-form/values';
export { fieldRules } from '../dynamic-form/rules';
export { formFields } from '../dynamic-form/fields';
export { linkageState, linkageKey, ruleMatches, LINKAGE_EFFECT_LABELS } from '../dynamic-form/linkage';
export { controlFor } from '../dynamic-form/controls/registry';
export { CONTROL_TYPES, JSON_VALUE_TYPES } from '../dynamic-form/types';
export { RemoteSelect } from '../remote-select/remote-select';
export { CustomerPicker } from '../pickers/customer-picker';
export { ContractSelect } from '../pickers/contract-select';
export { ProductPicker, taxRateText } from '../pickers/product-picker';
export { PicturePicker, shortPictureName } from '../pickers/picture-picker';
export { DepartmentPicker } from '../pickers/department-picker';
export { TreePopover } from '../pickers/tree-popover';
export { UserPicker, UserPickerPanel, toPickedUser } from '../pickers/user-picker';
export { ImageViewer } from '../widgets/image-viewer';
export { printArea } from '../widgets/print-area';
export { PrintRecordButton, MSG_NO_PRINT_TEMPLATE } from '../widgets/print-record-button';
export { amountInCapitals, contractPrintValues, fillPrintTemplate, formatPrintAmount, intakePrintValues, PRINT_PLACEHOLDERS } from '../widgets/print-template';
export { futureTimePickerProps, nextFollowUpRule } from '../widgets/next-follow-up';
export { RegionCascader } from '../widgets/region-cascader';
export { RichTextEditor } from '../widgets/rich-text-editor';
export { ProductLineItems } from '../widgets/product-line-items';
export { lineItemFromProduct, subtotalOf, withSubtotal } from '../widgets/line-item';
export { AttachmentList } from '../widgets/attachment-list';
export { UploadWidget } from '../widgets/upload-widget';
