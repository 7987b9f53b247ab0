/**
 * Routes the API client's messages (shared-core's notifier) to antd's `App.useApp()`, so toasts
 * and the forced-logout modal follow the app's theme and locale. Render it once inside antd `<App>`.
 * The shell imports it through the `@portal/shared-ui/app-notifier` subpath, which keeps the rest of
 * shared-ui out of the shell's start-up code.
 */
import { useEffect } from 'react';
import { App } from 'antd';
import { setNotifier } from '@portal/shared-core';

export function AppNotifierBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    setNotifier({
      success: (msg) => void message.success(msg),
      error: (msg) => void message.error(msg),
      warning: (msg) => void message.warning(msg),
      modal: ({ title, content, okText, onOk }) =>
        void modal.warning({ title, content, okText, onOk, closable: false, keyboard: false, mask: { closable: false } }),
    });
    return () => setNotifier(null);
  }, [message, modal]);
  return null;
}
