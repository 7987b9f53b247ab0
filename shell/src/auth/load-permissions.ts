/**
 * Permissions for the first navigation after login (spec §2.1): the cached tree from the login reply,
 * else `POST /Api/menu/auth/`. On failure the user is logged out, told why, and sent to the root.
 */
import { api, getNotifier, isApiError, MESSAGES, useSessionStore, type PermissionTree } from '@portal/shared-core';

export const PERMISSIONS_URL = '/Api/menu/auth/';

export async function loadPermissions(): Promise<PermissionTree | null> {
  const session = useSessionStore.getState();
  if (session.permissions) return session.permissions;
  try {
    const tree = await api.fetch<PermissionTree>(PERMISSIONS_URL, undefined, { silent: true });
    useSessionStore.getState().setPermissions(tree);
    return tree;
  } catch (error) {
    // A login error already shows the forced-logout modal, which clears the session itself.
    if (isApiError(error) && error.kind === 'logged-out') return null;
    const msg = isApiError(error) && error.kind === 'server' ? error.message : MESSAGES.userInfoFailed;
    useSessionStore.getState().logout();
    getNotifier().error(msg);
    return null;
  }
}
