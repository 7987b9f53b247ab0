/** Addresses of the intake pages (routes.tsx: crm signorentry/entry and its :id child); in src/lib/ since the customer feature links to 新建进件 too. */
export const INTAKE_LIST_PATH = '/crm/signorentry/entry';

/** 新建进件 for the customer `customerId` (0: the customer is chosen in the form). */
export const newIntakePath = (customerId = 0): string => `${INTAKE_LIST_PATH}/${customerId}`;
