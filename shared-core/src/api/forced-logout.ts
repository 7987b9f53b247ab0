/**
 * The one-time forced-logout modal (spec §8): however many calls fail with a login error at once,
 * one modal appears; confirming clears the session and goes to /login.
 */
import { MESSAGES } from '../constants/messages';
import { useSessionStore } from '../session/session-store';
import { getNotifier } from './notifier';

export const LOGIN_PATH = '/login';

let navigate: (path: string) => void = (path) => window.location.assign(path);

/** The shell registers its router's navigate so leaving for /login does not reload the page. */
export function setNavigator(navigator: ((path: string) => void) | null): void {
  navigate = navigator ?? ((path) => window.location.assign(path));
}

let modalOpen = false;

export function isForcedLogoutPending(): boolean {
  return modalOpen;
}

export function forceLogout(): void {
  if (modalOpen) return;
  modalOpen = true;
  getNotifier().modal({
    title: MESSAGES.forcedLogoutTitle,
    content: MESSAGES.forcedLogoutContent,
    okText: MESSAGES.forcedLogoutOk,
    onOk: () => {
      useSessionStore.getState().logout();
      modalOpen = false;
      navigate(LOGIN_PATH);
    },
  });
}
