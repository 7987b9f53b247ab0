/**
 * Records the pickers choose from, named as the API names them (spec §3, contract "Directory data
 * for pickers"). Only the fields the pickers read are typed; those the wire contract describes are its types.
 */
import type { AlbumPicture, BranchTreeNode, ContractRow, CustomerRow, ProductRow, UserGridRow, WarehouseStock } from '@portal/shared-contract';

/** A row of `api/customer/index` (or the customer of `api/customer/Views`): the fields the picker reads. */
export type CustomerRecord = Pick<
  CustomerRow,
  | 'id'
  | 'code'
  | 'CustomerName'
  | 'contact_name'
  | 'contact_mobile'
  | 'LaiYuanName'
  | 'level'
  | 'industry'
  | 'address'
  | 'beizhu'
  | 'UserName'
  | 'BranchName'
  | 'AddTime'
  | 'UpdateTime'
  | 'genjinTime'
  | 'nextgenjintime'
  | 'clue'
>;

export type CustomerScene = 'all' | 'mine' | 'participating' | 'subordinates';
export type CustomerSortField = 'AddTime' | 'UpdateTime' | 'genjinTime' | 'nextgenjintime';
/** The customer list's `filters.clue`: 1 未成交, 2 已成交. */
export type CustomerDealState = 1 | 2;

export type CustomerPickerQuery = {
  page: number;
  rows: number;
  key: string;
  scene: CustomerScene;
  sort: CustomerSortField;
  order: 'asc' | 'desc';
  filters: { days?: number; clue?: CustomerDealState };
};

/** A row of `api/contract/index`. */
export type ContractRecord = ContractRow;

/** A row of `api/product/index` (`data.rows`). */
export type ProductRecord = ProductRow;

/** A warehouse of `api/erp/getWarehouseStorage` with the product's available stock. */
export type { WarehouseStock };

/** A node of `api/branch/TreeJson`; `attributes` 2 = a department proper. */
export type BranchNode = BranchTreeNode;

/** A row of `api/user/GetGridJson`. */
export type DirectoryUser = UserGridRow;

/** A user as the user picker stores a choice (spec §3 "User"). */
export type PickedUser = {
  userid: number;
  username: string;
  header: string;
  branchid?: number;
  rolename?: string;
  branchname?: string;
};

/** An album image (`api/album/index`, the wire contract's). */
export type { AlbumPicture };
/** The in-form picture value [{id, url, filename}]. */
export type PictureValue = { id: number; url: string; filename: string };
