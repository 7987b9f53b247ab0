/**
 * Runs one remote on its own in dev mode (`pnpm --filter @portal/remote-crm dev`, then
 * http://localhost:3001): the providers the shell normally creates (antd ConfigProvider zh_CN + App,
 * a router, and a QueryClient of its own with the portal's defaults), a login form, and the remote's routes and menu built by the same function the shell
 * uses. The API is reached through the dev server's proxy.
 */
import { StrictMode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { clearQueriesOnSessionChange, createPortalQueryClient, type RemoteRoutesModule } from '@portal/shared-core';
import { AppNotifierBridge } from '../app-notifier/app-notifier-bridge';
import { StandaloneLayout } from './standalone-layout';

export function renderStandalone(routesModule: RemoteRoutesModule, container: HTMLElement | null = document.getElementById('root')): void {
  if (!container) throw new Error('renderStandalone: no #root element');
  const queryClient = createPortalQueryClient();
  clearQueriesOnSessionChange(queryClient);
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider locale={zhCN}>
          <App>
            <AppNotifierBridge />
            <BrowserRouter>
              <StandaloneLayout routesModule={routesModule} />
            </BrowserRouter>
          </App>
        </ConfigProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
