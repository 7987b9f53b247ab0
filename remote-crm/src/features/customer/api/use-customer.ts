import { useQuery } from '@tanstack/react-query';
import { fetchCustomer } from './customer-api';
import { customerKeys } from './query-keys';

/** The customer with its contacts and follow-ups (`api/customer/Views`); nothing while `id` is null. */
export function useCustomer(id: number | null) {
  const detail = useQuery({ queryKey: customerKeys.detail(id ?? 0), queryFn: () => fetchCustomer(id as number), enabled: id !== null });
  // A failure has been shown by the API client.
  return { customer: id === null ? null : (detail.data ?? null), loading: id !== null && detail.isFetching };
}
