/**
 * The customer lists' rights on this side. The table itself (title, page, scenes, columns, actions with
 * their rights, 新建, 更多) is the contract's CUSTOMER_VIEWS, the one the server serves and checks.
 */
import type { ViewRight } from '@portal/shared-contract/customer-views';

/** Whether a permission tree's crm list grants `right`. */
export function grants(crm: readonly string[], right: ViewRight): boolean {
  if (!crm.includes(right.page)) return false;
  return right.action === undefined || crm.includes(`${right.page}:${right.action}`);
}
