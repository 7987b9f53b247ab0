/** 员工管理 calls (api/user/*). */
import { api } from '@portal/shared-core';
import type { StaffAdded, StaffCallState, StaffDetail, StaffPasswordReset, StaffRow } from '@portal/shared-contract';

export type { StaffDetail, StaffRow };

/** '' all, 0 在职, 1 离职. */
export type StaffQuery = { page: number; rows: number; key: string; BranchID: number; QuitStatus: '' | 0 | 1 };

export type StaffForm = {
  username: string;
  nickName: string;
  mobile: string;
  email: string;
  branchId: number;
  roleId: number;
  superiorId: number;
  jobTitle: string;
  password?: string;
};

export const listStaff = ({ QuitStatus, ...query }: StaffQuery) =>
  api.list<StaffRow>('api/user/index', QuitStatus === '' ? query : { ...query, QuitStatus }, { silent: true });
export const fetchStaff = (id: number) => api.fetch<StaffDetail>('api/user/detail', { id });
export const addStaff = (form: StaffForm) => api.command<StaffAdded>('api/user/add', form);
export const editStaff = (id: number, form: StaffForm) => api.command('api/user/edit', { id, ...form });
export const setQuit = (id: number, quit: boolean) => api.command('api/user/quit', { id, QuitStatus: quit ? 1 : 0 });
export const deleteStaff = (ids: readonly number[]) => api.command('api/user/delete', { ids: ids.join(',') });
export const resetPassword = (id: number) => api.command<StaffPasswordReset>('api/user/ResetPwd', { id });
export const toggleCall = (id: number) => api.command<StaffCallState>('api/user/CallState', { id });
export const addExtraBranches = (id: number, branchIds: readonly number[]) => api.command('api/user/userBranchAdd', { id, branchIds: branchIds.join(',') });
export const removeExtraBranch = (id: number, branchId: number) => api.command('api/user/userBranchRemove', { id, branchId });

/** 批量导入 (更多 menu): the customer import's calls under api/user, and the template. */
export const STAFF_IMPORT_ENDPOINTS = {
  importPreview: 'api/user/ImportPreview',
  importDryRun: 'api/user/ImportDryRun',
  importRejected: 'api/user/ImportRejected',
  import: 'api/user/Import',
} as const;
export const STAFF_IMPORT_TEMPLATE = 'api/user/ImportTemplate';
