/** Query keys of 自定义表单 (the records themselves are the dynamic form's, in shared-ui). */
import { endpointKey } from '@portal/shared-core';

export const customFormKeys = {
  /** `api/form/index`: the form list's pages. */
  lists: () => endpointKey('api/form/index'),
  /** `api/form/workform`: the approval forms' pages (工作流表单). */
  workForms: () => endpointKey('api/form/workform'),
};
