/**
 * Opens the tab's realtime connection for the signed-in user and closes it on logout (the provider
 * lives inside the signed-in part of the shell, and a new login key means a new connection). Pushes
 * update the online dot and count (store) and the query cache: a notify push puts its notification
 * and unread count in place and refetches the menu badges, a systemMessage refetches who is online.
 * Private messages show as a notification; pool warnings also as a desktop notification when allowed
 * (notifications/desktop-notification.tsx).
 */
import { App } from 'antd';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, applyDataChange, getNotifier, getSessionToken, useRealtimeStatus, useSessionStore, type PermissionTree } from '@portal/shared-core';
import { PERMISSIONS_URL } from '../auth/load-permissions';
import { showDesktopNotification } from '../notifications/desktop-notification';
import { applyNotifyPush, customerCountsQuery, showsCustomerBadges, unreadCountQuery } from '../notifications/notification-queries';
import { createRealtimeConnection, type OnlineFriend, type PrivateMessage, type RealtimeConnection } from './realtime-connection';

/** What the layout may ask of the connection. */
export type RealtimeApi = { getOnlineFriends: () => Promise<OnlineFriend[]> };

const OFFLINE: RealtimeApi = { getOnlineFriends: async () => [] };
const RealtimeContext = createContext<RealtimeApi>(OFFLINE);

export function useRealtime(): RealtimeApi {
  return useContext(RealtimeContext);
}

type ShowMessage = (message: PrivateMessage) => void;

/** Fetches the permission tree again; the portal rebuilds its routes and menus from the store. */
export async function reloadPermissions(): Promise<void> {
  try {
    const tree = await api.fetch<PermissionTree>(PERMISSIONS_URL, undefined, { silent: true });
    useSessionStore.getState().setPermissions(tree);
    getNotifier().success('您的权限已更新');
  } catch {
    // A logged-out user gets the forced-logout modal from the client; anything else keeps the old menus.
  }
}

/** The connection with its pushes wired to the shared stores; null (logged) if it cannot be created. */
function connectRealtime(queryClient: QueryClient, showMessage: ShowMessage): RealtimeConnection | null {
  try {
    return createRealtimeConnection({
      getToken: getSessionToken,
      events: {
        onOnline: (online) => useRealtimeStatus.getState().setOnline(online),
        onOnlineCount: (count) => {
          useRealtimeStatus.getState().setOnlineCount(count);
          void applyDataChange(queryClient, { type: 'presence-changed' });
        },
        onNotify: (push) => {
          const count = Number(push.notifyCount);
          void applyNotifyPush(queryClient, Number.isFinite(count) ? count : undefined, push.notification);
          // A pool warning also reaches the desktop when the user turned 开启桌面提醒 on.
          showDesktopNotification(push.notification);
        },
        onPrivateMessage: showMessage,
        // The role changed: the next request already uses the new rights; the menus and routes follow.
        onRightsChanged: () => void reloadPermissions(),
        // A revoked or expired key: asking the server once brings the forced-logout modal if it ended.
        onUnauthorized: () => void api.get('api/user/isApplogin').catch(() => undefined),
      },
    });
  } catch (error) {
    // Realtime failures are only logged (spec §8); the portal works without pushes.
    console.warn('[realtime] cannot create the connection', error);
    return null;
  }
}

export function RealtimeProvider({ children }: { children: ReactNode }) {
  const token = useSessionStore((s) => s.token);
  const { notification } = App.useApp();
  // The antd API object may change between renders; the connection outlives them.
  const notificationRef = useRef(notification);
  notificationRef.current = notification;
  const [connection, setConnection] = useState<RealtimeConnection | null>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!token) return;
    // The badges and the bell's count load with the session (failures are only logged).
    if (showsCustomerBadges(useSessionStore.getState().permissions)) void queryClient.prefetchQuery(customerCountsQuery);
    void queryClient.prefetchQuery(unreadCountQuery);
    const realtime = connectRealtime(queryClient, (message) =>
      notificationRef.current.open({ title: message.NickName, description: message.msg, placement: 'bottomRight' }),
    );
    realtime?.start();
    setConnection(realtime);
    return () => {
      void realtime?.stop();
      setConnection(null);
      useRealtimeStatus.getState().setOnlineCount(null);
    };
  }, [token, queryClient]);

  return <RealtimeContext.Provider value={connection ?? OFFLINE}>{children}</RealtimeContext.Provider>;
}
