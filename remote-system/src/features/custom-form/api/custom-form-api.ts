/** The form list of 自定义表单 (api/form/index); the record calls live in shared-ui's dynamic form. */
import type { FormSummary } from '@portal/shared-contract';
import { api } from '@portal/shared-core';

/** A row of `api/form/index` and `api/form/workform` (`mode`: the form key used in entry pages and record calls, 'fieldDemo'). */
export type { FormSummary };

export type FormListQuery = { page: number; rows: number; key: string };

/** One page of forms; silent, because the list shows its own load failure. */
export function listForms(query: FormListQuery) {
  return api.list<FormSummary>('api/form/index', query, { silent: true });
}

/** One page of the approval (workflow) forms; silent like the form list. */
export function listWorkForms(query: FormListQuery) {
  return api.list<FormSummary>('api/form/workform', query, { silent: true });
}
