/**
 * 桌面提醒: a pushed public-pool warning (notification kind 'pool', e.g. 你有 3 个客户将在 3 天内被收回公海)
 * also shows as a browser Notification, once the user switched 开启桌面提醒 on in the notification
 * drawer and the browser granted the permission. Permission is only ever asked from that switch (a
 * user gesture), never on load. The choice is kept per browser (localStorage).
 */
import { useState } from 'react';
import { Switch, Typography } from 'antd';
import type { PortalNotification } from '@portal/shared-core';

const STORAGE_KEY = 'portal.desktopNotify';
/** Kinds that reach the desktop. */
const DESKTOP_KINDS: ReadonlySet<string> = new Set(['pool']);

type NotificationApi = typeof Notification;

function notificationApi(): NotificationApi | undefined {
  return typeof window !== 'undefined' && typeof window.Notification === 'function' ? window.Notification : undefined;
}

function wanted(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

function setWanted(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(STORAGE_KEY, '1');
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the switch simply does not stick.
  }
}

/** Whether pushes of the desktop kinds are shown on the desktop now. */
export function desktopNotificationsOn(): boolean {
  const api = notificationApi();
  return api !== undefined && api.permission === 'granted' && wanted();
}

/** Called for every notify push: shows a browser notification for the desktop kinds when allowed. */
export function showDesktopNotification(notification: PortalNotification | undefined): void {
  if (!notification || !DESKTOP_KINDS.has(notification.kind ?? '') || !desktopNotificationsOn()) return;
  const Api = notificationApi() as NotificationApi;
  try {
    // The tag folds repeats of one notification (several tabs receive the same push).
    new Api('公海提醒', { body: notification.cont, tag: `portal-notification-${notification.id}` });
  } catch (error) {
    // Some browsers only allow notifications from a service worker: the drawer still has it.
    console.warn('[notifications] cannot show a desktop notification', error);
  }
}

/** The 开启桌面提醒 switch: asks the browser for permission when turned on (a user gesture). */
export function DesktopNotifySwitch() {
  const api = notificationApi();
  const [on, setOn] = useState(desktopNotificationsOn);
  const [denied, setDenied] = useState(() => api?.permission === 'denied');
  if (!api) return null;

  async function toggle(next: boolean) {
    if (!next) {
      setWanted(false);
      setOn(false);
      return;
    }
    const permission = api!.permission === 'granted' ? 'granted' : await api!.requestPermission();
    const granted = permission === 'granted';
    setWanted(granted);
    setOn(granted);
    setDenied(permission === 'denied');
  }

  return (
    <div className="notification-desktop">
      <Switch size="small" checked={on} onChange={(next) => void toggle(next)} aria-label="开启桌面提醒" />
      <span className="notification-desktop-label">开启桌面提醒（公海回收预警）</span>
      {denied && !on && (
        <Typography.Text type="secondary" className="notification-desktop-denied">
          浏览器已禁止通知，请在浏览器设置中允许本站通知
        </Typography.Text>
      )}
    </div>
  );
}
