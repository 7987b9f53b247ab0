/** Current user info and password change (spec §7). */
import { api } from '@portal/shared-core';
import type { AvatarHistoryRow, CurrentUser, LoginRecordRow } from '@portal/shared-contract';

export type { CurrentUser };

export function fetchCurrentUser(): Promise<CurrentUser> {
  return api.fetch<CurrentUser>('api/user/GetUser');
}

export function changePassword(oldpwd: string, newpwd: string) {
  return api.command('api/user/EditPwd', { oldpwd, newpwd });
}

export type AvatarHistoryEntry = AvatarHistoryRow;
/** The columns 我的登录记录 shows of a login record. */
export type OwnLoginRecord = Pick<LoginRecordRow, 'id' | 'Date' | 'IP' | 'browser' | 'success'>;

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
