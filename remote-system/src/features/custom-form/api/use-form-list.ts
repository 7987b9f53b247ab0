import { usePagedList } from '@portal/shared-ui';
import { listForms, listWorkForms, type FormListQuery } from './custom-form-api';
import { customFormKeys } from './query-keys';

/** One page of the form list (api/form/index). */
export function useFormList(query: FormListQuery) {
  return usePagedList(customFormKeys.lists(), listForms, query);
}

/** One page of the approval forms (api/form/workform). */
export function useWorkFormList(query: FormListQuery) {
  return usePagedList(customFormKeys.workForms(), listWorkForms, query);
}
