/** The form list of 自定义表单 (api/form/index); the record calls live in shared-ui's dynamic form. */
import { api } from '@portal/shared-core';

/** A row of `api/form/index`. */
export type FormSummary = {
  id: number;
  /** The form key used in entry pages and record calls ('fieldDemo'). */
  mode: string;
  title: string;
  category: string;
  cols: number;
  api_add: string;
  fieldCount: number;
  is_workflow: number;
  UpdateTime?: string;
};

export type FormListQuery = { page: number; rows: number; key: string };

/** One page of forms; silent, because the list shows its own load failure. */
export function listForms(query: FormListQuery) {
  return api.list<FormSummary>('api/form/index', query, { silent: true });
}

/** One page of the approval (workflow) forms; silent like the form list. */
export function listWorkForms(query: FormListQuery) {
  return api.list<FormSummary>('api/form/workform', query, { silent: true });
}
