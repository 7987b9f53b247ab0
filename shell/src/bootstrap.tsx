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

const queryClient = createShellQueryClient();
recordSharedInstances('shell', { React, antd, reactQuery, queryClient });
dayjs.locale(useLanguageStore.getState().language === 'en' ? 'en' : 'zh-cn');

const router = createAppRouter();
// The forced logout leaves for /login through the router, without a page reload.
setNavigator((path) => void router.navigate(path, { replace: true }));

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
installViewportScale(root);
createRoot(root).render(<App router={router} queryClient={queryClient} />);
