/**
 * Where the custom-form and work-form pages live (`/system/customForm/view/:module/:type/:id`,
 * `/system/workForm/…`): shared by the custom-form feature, the form designer and the view page that
 * composes them (src/custom-form-view-page.tsx).
 */

/** The title of a view route whose type or id is not one we know. */
export const UNKNOWN_VIEW_TEXT = '无法识别的查看方式';

/** `design` opens the form designer on form `id` (0 = a new form; `module` is the form's key, or `new`). */
export type RecordViewType = 'add' | 'edit' | 'detail' | 'design';

export const CUSTOM_FORM_LIST_PATH = '/system/customForm';

export function recordViewPath(module: string, type: RecordViewType, id: string | number = 0): string {
  return `${CUSTOM_FORM_LIST_PATH}/view/${encodeURIComponent(module)}/${type}/${id}`;
}

export const WORK_FORM_LIST_PATH = '/system/workForm';

/** The designer of a form: `/system/customForm/view/{mode}/design/{id}` (0 and `new` for a new form). */
export function designPath(kind: 'custom' | 'work', mode: string, id: number): string {
  const base = kind === 'work' ? WORK_FORM_LIST_PATH : CUSTOM_FORM_LIST_PATH;
  return `${base}/view/${encodeURIComponent(mode || 'new')}/design/${id}`;
}
