/**
 * The only place providers are created: the portal's QueryClient, antd ConfigProvider (zh_CN /
 * en_US) with antd App, and the router.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { RouterProvider } from 'react-router-dom';
import { useLanguageStore } from '@portal/shared-core';
import { AppNotifierBridge } from '@portal/shared-ui/app-notifier';
import { usePrefersReducedMotion } from './reduced-motion';
import type { createAppRouter } from './router';

const THEME = { token: { colorPrimary: '#2f6fd6', borderRadius: 6 } };
/** The same theme without antd's animations, for users who ask the system to reduce motion. */
const THEME_REDUCED_MOTION = { token: { ...THEME.token, motion: false } };

export function App({ router, queryClient }: { router: ReturnType<typeof createAppRouter>; queryClient: QueryClient }) {
  const language = useLanguageStore((s) => s.language);
  const reducedMotion = usePrefersReducedMotion();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={language === 'en' ? enUS : zhCN} theme={reducedMotion ? THEME_REDUCED_MOTION : THEME}>
        <AntApp>
          <AppNotifierBridge />
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
