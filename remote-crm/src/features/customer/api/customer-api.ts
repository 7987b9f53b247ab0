/** The customer endpoints of the contract, typed; the only place this feature talks HTTP. */
import { api, DATETIME_FORMAT } from '@portal/shared-core';
import type { CustomerSaved } from '@portal/shared-contract';
import { batchEndpoints } from '@portal/shared-ui';
import type { Customer, CustomerDetail, CustomerFilters, CustomerFormValues, CustomerQuery, LeadSource } from '../types';

/** Leaves out filters that are not set, so the server sees only real conditions. */
function compactFilters(filters: CustomerFilters): CustomerFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== '')) as CustomerFilters;
}

/** The list query as `api/customer/index` (and the export of the same filter) takes it. */
export function customerListRequest(query: CustomerQuery) {
  return { ...query, filters: compactFilters(query.filters) };
}

/** One page of customers; silent, because the list shows its own load failure. */
export function listCustomers(query: CustomerQuery) {
  return api.list<Customer>('api/customer/index', customerListRequest(query), { silent: true });
}

/** The customer list's batch tools (更多 menu). */
export const CUSTOMER_BATCH_ENDPOINTS = batchEndpoints('api/customer');

/** The 公海客户 list: its 批量导入 goes straight into the pool. */
export const POOL_BATCH_ENDPOINTS = {
  ...CUSTOMER_BATCH_ENDPOINTS,
  importPreview: 'api/customer/PoolImportPreview',
  importDryRun: 'api/customer/PoolImportDryRun',
  importRejected: 'api/customer/PoolImportRejected',
  import: 'api/customer/PoolImport',
};

/** GET → the import's .xlsx template (下载模板): the server leaves out the columns 字段权限 hides from the user. */
export const CUSTOMER_IMPORT_TEMPLATE = 'api/customer/ImportTemplate';
export const POOL_IMPORT_TEMPLATE = 'api/customer/PoolImportTemplate';

export function fetchCustomer(id: number) {
  return api.fetch<CustomerDetail>('api/customer/Views', { id });
}

/** Creates (id '0') or edits a customer; the server's 保存成功 or its error shows as a toast. */
export function saveCustomer(id: number | null, values: CustomerFormValues, lead = false) {
  return api.command<CustomerSaved>('api/customer/CustomerAddEndit', {
    id: id === null ? '0' : String(id),
    ...(lead ? { clue: 3 } : {}),
    CustomerName: values.CustomerName.trim(),
    // Absent when 字段权限 hides them from the user's form: the server keeps the stored values.
    contact_name: values.contact_name?.trim() ?? '',
    contact_mobile: values.contact_mobile?.trim() ?? '',
    LaiYuan: values.LaiYuan,
    level: values.level ?? '',
    industry: values.industry?.trim() ?? '',
    address: values.address?.trim() ?? '',
    nextgenjintime: values.nextgenjintime ? values.nextgenjintime.format(DATETIME_FORMAT) : '',
    beizhu: values.beizhu ?? '',
  });
}

export function deleteCustomers(ids: readonly number[]) {
  return api.command('api/customer/delete', { ids: ids.join(',') });
}

export function fetchLeadSources() {
  return api.post<LeadSource[]>('api/UserSet/GetLaiyaun');
}
