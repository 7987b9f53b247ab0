/** `api/user/login` and `api/user/logout`. */
import type { LoginData, LoginReplyBody } from '@portal/shared-contract';
import { api } from '@portal/shared-core';

/** The success reply (an error reply rejects), which always carries `data`. */
export type LoginReply = LoginReplyBody & { data: LoginData };

/** Resolves the login reply; rejects with an `ApiError` whose message is the server's msg. */
export function login(username: string, password: string): Promise<LoginReply> {
  return api.post<LoginReply>('api/user/login', { username, password }, { silent: true });
}

export function logout(): Promise<unknown> {
  return api.command('api/user/logout', {}, { silent: true });
}
