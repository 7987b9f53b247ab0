/** The endpoints the pickers read, typed; the only place the pickers talk HTTP. */
import { api, USER_PICKER_PAGE_SIZE, type ListReply } from '@portal/shared-core';
import type {
  AlbumPicture,
  BranchNode,
  ContractRecord,
  CustomerPickerQuery,
  CustomerRecord,
  DirectoryUser,
  ProductRecord,
  WarehouseStock,
} from './directory-types';

/** One page of customers; silent, because the picker shows its own load failure. */
export function listCustomers(query: CustomerPickerQuery): Promise<ListReply<CustomerRecord>> {
  const filters = Object.fromEntries(Object.entries(query.filters).filter(([, v]) => v !== undefined));
  return api.list<CustomerRecord>('api/customer/index', { ...query, filters }, { silent: true });
}

export function fetchCustomer(id: number): Promise<CustomerRecord> {
  return api.fetch<CustomerRecord>('api/customer/Views', { id });
}

export function listContracts(key: string, extra: Record<string, unknown> = {}): Promise<ListReply<ContractRecord>> {
  return api.list<ContractRecord>('api/contract/index', { dataType: 'all', ...extra, key, page: 1, rows: 20 }, { silent: true });
}

/** Products answer in `data` ({rows, total}), unlike the bare list replies. */
export async function listProducts(query: { page: number; rows: number; key: string }): Promise<ListReply<ProductRecord>> {
  const data = await api.fetch<ListReply<ProductRecord>>('api/product/index', query, { silent: true });
  return { rows: data?.rows ?? [], total: Number(data?.total) || 0 };
}

export function fetchWarehouseStock(productid: number): Promise<WarehouseStock[]> {
  return api.fetch<WarehouseStock[]>('api/erp/getWarehouseStorage', { productid });
}

/** The department tree (a bare array). */
export function fetchBranchTree(): Promise<BranchNode[]> {
  return api.post<BranchNode[]>('api/branch/TreeJson', { group: true });
}

export function listUsers(query: { page: number; BranchID?: number; NickName: string }): Promise<ListReply<DirectoryUser>> {
  return api.list<DirectoryUser>(
    'api/user/GetGridJson',
    { rows: USER_PICKER_PAGE_SIZE, page: query.page, BranchID: query.BranchID, NickName: query.NickName },
    { silent: true },
  );
}

/** The album; a reply carrying a result shows its msg as an error (spec §8), which the client does. */
export function listAlbum(page: number, rows: number): Promise<ListReply<AlbumPicture>> {
  return api.list<AlbumPicture>('api/album/index', { page, rows });
}

export function deleteAlbumPicture(id: number) {
  return api.command('api/album/delete', { id }, { silent: true });
}
