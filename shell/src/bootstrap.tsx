/**
 * The portal after login: antd, the providers, the router with the layout and the remotes. Loaded by
 * boot.tsx (at once for a logged-in user, after the light login form otherwise) and started once.
 */
import * as reactQuery from '@tanstack/react-query';
import * as antd from 'antd';
import * as React from 'react';
import { createRoot } from 'react-dom/client';
import { dayjs, recordSharedInstances, setNavigator, useLanguageStore } from '@portal/shared-core';
import { App } from './app/app';
import { createShellQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { installViewportScale } from './layout/viewport-scale';
import 'dayjs/locale/en';

export function startPortal(root: HTMLElement): void {
  const queryClient = createShellQueryClient();
  recordSharedInstances('shell', { React, antd, reactQuery, queryClient });
  dayjs.locale(useLanguageStore.getState().language === 'en' ? 'en' : 'zh-cn');

  const router = createAppRouter();
  // The forced logout leaves for /login through the router, without a page reload.
  setNavigator((path) => void router.navigate(path, { replace: true }));

  installViewportScale(root);
  createRoot(root).render(<App router={router} queryClient={queryClient} />);
}
