import { useEffect, useState } from 'react';
import { fetchLeadSources } from '../api/customer-api';
import type { LeadSource } from '../types';

/** The lead sources (客户来源) offered by the form, loaded once per mount. */
export function useLeadSources() {
  const [sources, setSources] = useState<LeadSource[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    fetchLeadSources()
      .then((list) => current && setSources(list))
      .catch(() => undefined) // the API client has shown the reason
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, []);

  return { sources, loading };
}
