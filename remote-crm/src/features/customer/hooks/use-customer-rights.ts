import { useActionRights } from '@portal/shared-core';

/** The page whose action rights the customer list's buttons follow. */
export const WATCHED_PAGE = 'customer/watched';

/** What the user may do on 我的客户 (`crm` `customer/watched:<action>`); the server refuses the rest anyway. */
export function useCustomerRights() {
  return useActionRights('crm', WATCHED_PAGE, ['create', 'edit', 'delete', 'import', 'export'] as const);
}
