import { useEffect, useState } from 'react';
import { api } from '@portal/shared-core';

/** How many customers the user owns (the server's total for scene 'mine'); null until known. */
export function useMyCustomerCount(enabled: boolean) {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    api
      .list('api/customer/index', { page: 1, rows: 1, scene: 'mine' }, { silent: true })
      .then(({ total }) => current && setCount(total))
      .catch(() => undefined); // the workbench simply shows no figure
    return () => {
      current = false;
    };
  }, [enabled]);
  return count;
}
