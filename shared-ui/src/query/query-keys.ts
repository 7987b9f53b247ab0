/**
 * Query keys of shared-ui's generic hooks (pickers, widgets, dynamic form, list settings), all named
 * by endpoint and parameters through shared-core's `endpointKey`, so they meet the keys the
 * remotes and the shell use for the same calls. Cross-area entities (customers, contracts,
 * notifications, files) use shared-core's roots directly.
 */
import { endpointKey } from '@portal/shared-core';

export const directoryKeys = {
  /** `api/user/GetGridJson`: the user picker's pages. */
  users: () => endpointKey('api/user/GetGridJson'),
  /** `api/product/index`: the product picker's pages. */
  products: () => endpointKey('api/product/index'),
  /** `api/branch/TreeJson {group: true}`: the department tree. */
  branchTree: () => endpointKey('api/branch/TreeJson', { group: true }),
  /** `api/album/index`: the picture picker's album. */
  albums: () => endpointKey('api/album/index'),
  album: (query: { page: number; rows: number }) => endpointKey('api/album/index', query),
  /** `api/erp/getWarehouseStorage {productid}`. */
  warehouseStock: (productid: number) => endpointKey('api/erp/getWarehouseStorage', { productid }),
};

export const regionKeys = {
  /** `Api/city/list/`: provinces (level 1), or the children of `parentid`. */
  level: (params: object) => endpointKey('Api/city/list/', params),
};

export const listSettingKeys = {
  /** `api/field/list {formid}`: the form's fields, the choosable columns. */
  fields: (formid: string | number) => endpointKey('api/field/list', { formid }),
  /** `api/field/my {formid}`: the columns the user shows. */
  columnChoice: (formid: string | number) => endpointKey('api/field/my', { formid }),
};

export const exportKeys = {
  /** The progress of one export job (polled). */
  progress: (url: string, jobId: string) => endpointKey(url, { jobId }),
};

export const remoteOptionKeys = {
  /** Options of a remote select: the endpoint with everything it is sent. */
  options: (url: string, request: object) => endpointKey(url, request),
};

export const formKeys = {
  /** `/Api/formField/index/ {mode, isshow: 1}`: a form's definition. */
  definition: (mode: string) => endpointKey('/Api/formField/index/', { mode, isshow: 1 }),
  /** A record's stored values: the form's api_detail with what it is sent (numeric ids as numbers). */
  record: (url: string, payload: { id: string | number; module?: string }) =>
    endpointKey(url, { ...payload, id: /^\d+$/.test(String(payload.id)) ? Number(payload.id) : payload.id }),
};
