/** 退出登录: confirm, tell the server, forget the session, go to /login. */
import type { useAppProps } from 'antd/es/app/context';
import { isApiError, MESSAGES, useSessionStore, useTabsStore } from '@portal/shared-core';
import { logout } from '../auth/login-api';

export function confirmLogout(modal: useAppProps['modal'], message: useAppProps['message'], goToLogin: () => void): void {
  modal.confirm({
    title: '提示',
    content: MESSAGES.confirmLogout,
    okText: '确定',
    cancelText: '取消',
    onOk: async () => {
      try {
        await logout();
      } catch (error) {
        // A login that is already gone still ends here; only a server we cannot reach keeps the user in.
        if (!isApiError(error) || error.kind === 'network' || error.kind === 'unreadable') {
          message.error(MESSAGES.logoutNetworkFailed);
          return;
        }
      }
      useSessionStore.getState().logout();
      useTabsStore.getState().resetTabs();
      goToLogin();
    },
  });
}
