/** Where the custom-form pages live: `/system/customForm/view/:module/:type/:id`. */
export type RecordViewType = 'add' | 'edit' | 'detail';

export const CUSTOM_FORM_LIST_PATH = '/system/customForm';

export function recordViewPath(module: string, type: RecordViewType, id: string | number = 0): string {
  return `${CUSTOM_FORM_LIST_PATH}/view/${encodeURIComponent(module)}/${type}/${id}`;
}
