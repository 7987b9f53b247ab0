import { usePagedList } from '@portal/shared-ui';
import { listCustomers } from '../api/customer-api';
import type { CustomerQuery } from '../types';

/** The customers page for the query; reloads when the query changes or on `reload()`. */
export function useCustomerList(query: CustomerQuery) {
  return usePagedList(listCustomers, query);
}
