import { useCallback, useEffect, useState } from 'react';
import { fetchCustomer } from '../api/customer-api';
import type { CustomerDetail } from '../types';

/** The customer with its contacts and follow-ups (`api/customer/Views`); nothing while `id` is null. */
export function useCustomerDetail(id: number | null) {
  const [customer, setCustomer] = useState<CustomerDetail | null>(null);
  const [loading, setLoading] = useState(false);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    if (id === null) {
      setCustomer(null);
      return;
    }
    let current = true;
    setLoading(true);
    fetchCustomer(id)
      .then((detail) => current && setCustomer(detail))
      .catch(() => undefined) // the API client has shown the reason
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [id, reloads]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { customer, loading, reload };
}
