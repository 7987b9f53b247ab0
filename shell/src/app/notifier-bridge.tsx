/** Binds shared-core's notifier to antd's App context, so messages use the shell's theme and locale. */
import { App } from 'antd';
import { useEffect } from 'react';
import { setNotifier } from '@portal/shared-core';

export function NotifierBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    setNotifier({
      success: (msg) => void message.success(msg),
      error: (msg) => void message.error(msg),
      warning: (msg) => void message.warning(msg),
      modal: ({ title, content, okText, onOk }) =>
        void modal.warning({ title, content, okText, onOk, closable: false, keyboard: false, maskClosable: false }),
    });
    return () => setNotifier(null);
  }, [message, modal]);
  return null;
}
