/**
 * Query keys of the customer feature. Customers themselves are a cross-area entity: their keys
 * (lists, detail, subtotal, kehuCounts) come from shared-core, so the shell's badges and the
 * pickers refresh with this page.
 */
import { customerKeys, endpointKey } from '@portal/shared-core';

export { customerKeys };

export const leadSourceKeys = {
  /** `api/UserSet/GetLaiyaun`: the lead sources (客户来源). */
  all: () => endpointKey('api/UserSet/GetLaiyaun'),
};

export const fieldMaskKeys = {
  /** `api/user/myFieldMasks`: the user's own 字段权限 per module (masked or hidden fields). */
  mine: () => endpointKey('api/user/myFieldMasks'),
};
