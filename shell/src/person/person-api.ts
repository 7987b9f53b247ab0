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
