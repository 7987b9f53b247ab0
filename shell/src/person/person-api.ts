/** Current user info and password change (spec §7). */
import { api, type PermissionTree } from '@portal/shared-core';

export type CurrentUser = {
  UserID: number;
  NickName: string;
  header: string;
  BranchID: number;
  BranchName: string;
  rolename: string;
  ShopID: number | string;
  lastLogin: { Date: string; IP: string } | null;
};

export type CurrentUserReply = { result: 'success'; msg: string; data: CurrentUser; model?: PermissionTree };

export function fetchCurrentUser(): Promise<CurrentUser> {
  return api.fetch<CurrentUser>('api/user/GetUser');
}

export function changePassword(oldpwd: string, newpwd: string) {
  return api.command('api/user/EditPwd', { oldpwd, newpwd });
}

export type AvatarHistoryEntry = { id: number; url: string; addTime: string; current: boolean };
export type OwnLoginRecord = { id: number; Date: string; IP: string; browser: string; success: number };

/** Sets an avatar just uploaded (picType avatar); it joins the history. */
export function setAvatar(url: string) {
  return api.command('api/user/setHeader', { url });
}

/** Back to an avatar of the history. */
export function restoreAvatar(url: string) {
  return api.command('api/user/setHeaderLOG', { url });
}

export async function fetchAvatarHistory(): Promise<AvatarHistoryEntry[]> {
  return (await api.list<AvatarHistoryEntry>('api/user/setHeaderLOG', {}, { silent: true })).rows;
}

/** The user's own login records (getloglos answers a user without 登录记录 rights with their own). */
export function fetchOwnLoginRecords(query: { page: number; rows: number; userId: number }) {
  return api.list<OwnLoginRecord>('api/user/getloglos', query, { silent: true });
}
