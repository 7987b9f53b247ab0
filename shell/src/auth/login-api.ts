/** `api/user/login` and `api/user/logout`. */
import { api, type LoginData, type PermissionTree } from '@portal/shared-core';

export type LoginReply = { result: 'success'; msg: string; data: LoginData; model: PermissionTree };

/** Resolves the login reply; rejects with an `ApiError` whose message is the server's msg. */
export function login(username: string, password: string): Promise<LoginReply> {
  return api.post<LoginReply>('api/user/login', { username, password }, { silent: true });
}

export function logout(): Promise<unknown> {
  return api.command('api/user/logout', {}, { silent: true });
}
