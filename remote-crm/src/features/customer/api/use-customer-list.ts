import { usePagedList } from '@portal/shared-ui';
import type { CustomerQuery } from '../types';
import { listCustomers } from './customer-api';
import { customerKeys } from './query-keys';

/** The customers page for the query (`api/customer/index`); the previous page stays while the next loads. */
export function useCustomerList(query: CustomerQuery) {
  return usePagedList(customerKeys.lists(), listCustomers, query);
}
