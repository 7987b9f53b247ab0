/** The logged-in user, their login key and permission tree; persisted so a reload keeps the session. */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { LoginData } from '@portal/shared-contract';
import type { PermissionTree } from '../contract/permissions';

/** `data` of the `api/user/login` success reply (the wire contract). */
export type { LoginData };

/** Who is logged in: the login reply's user, without the key. */
export type SessionUser = Omit<LoginData, 'LoginToken'>;

export type SessionState = {
  token: string | null;
  user: SessionUser | null;
  /** Null until known; the shell loads it (cache first, else `POST /Api/menu/auth/`). */
  permissions: PermissionTree | null;
  login: (data: LoginData, permissions?: PermissionTree | null) => void;
  setUser: (user: Partial<SessionUser>) => void;
  setPermissions: (permissions: PermissionTree | null) => void;
  logout: () => void;
};

export const SESSION_STORAGE_KEY = 'portal-session';

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      permissions: null,
      login: ({ LoginToken, UserID, NickName, header, ShopID }, permissions = null) =>
        set({ token: LoginToken, user: { UserID, NickName, header, ShopID }, permissions }),
      setUser: (user) => set((s) => (s.user ? { user: { ...s.user, ...user } } : {})),
      setPermissions: (permissions) => set({ permissions }),
      logout: () => set({ token: null, user: null, permissions: null }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, user, permissions }) => ({ token, user, permissions }),
    },
  ),
);

/** The login key outside React (API client, route guards). */
export function getSessionToken(): string | null {
  return useSessionStore.getState().token;
}

export function isLoggedIn(): boolean {
  return Boolean(useSessionStore.getState().token);
}
