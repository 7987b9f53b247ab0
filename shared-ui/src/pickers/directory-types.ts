/**
 * Records the pickers choose from, named as the API names them (spec §3, contract "Directory data
 * for pickers"). Only the fields the pickers read are typed; the department tree and the user grid
 * are the wire contract's own types.
 */
import type { BranchTreeNode, UserGridRow } from '@portal/shared-contract';

/** A row of `api/customer/index`. */
export type CustomerRecord = {
  id: number;
  code: string;
  CustomerName: string;
  contact_name: string;
  contact_mobile: string;
  LaiYuanName?: string;
  level?: string | null;
  industry?: string | null;
  address?: string | null;
  beizhu?: string | null;
  UserName: string;
  BranchName?: string | null;
  AddTime: string;
  UpdateTime?: string | null;
  genjinTime?: string | null;
  nextgenjintime?: string | null;
  /** 2 = deal done. */
  clue: number;
};

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
export type ContractRecord = { id: number; orderSn: string; customerName?: string; Money?: number | string };

/** A row of `api/product/index` (`data.rows`). */
export type ProductRecord = {
  id: number;
  name: string;
  number: string;
  standard: string;
  unit: string;
  price: number;
  costPrice: number;
  shuihao?: string;
  shuilv?: number | string | null;
  cover?: string | null;
};

/** A warehouse of `api/erp/getWarehouseStorage` with the product's available stock. */
export type WarehouseStock = { id: number; name: string; stock: number };

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

/** An album image (`api/album/index`), and the in-form picture value [{id, url, filename}]. */
export type AlbumPicture = { id: number; url: string; userid?: number; size?: number; filename: string; format?: string };
export type PictureValue = { id: number; url: string; filename: string };
