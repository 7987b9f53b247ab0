/**
 * Renders under the providers the shell gives every page: a fresh QueryClient per test (the
 * portal's defaults, but no retry and no garbage-collection timers) and antd's App, with antd's
 * motion off (modals, drawers and dropdowns open and close at once, no animation frames to wait
 * for). Every package's component tests use it, so a test never sees another test's cache.
 */
import type { ReactElement, ReactNode } from 'react';
import { render, renderHook, type RenderOptions } from '@testing-library/react';
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import { createPortalQueryClient } from '@portal/shared-core';

// Query results reach components in a microtask rather than a 0 ms timer, so `act(async …)` sees
// them and fake timers do not hold them back.
notifyManager.setScheduler(queueMicrotask);

export function createTestQueryClient(): QueryClient {
  const client = createPortalQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ queries: { ...defaults.queries, retry: false, gcTime: Infinity }, mutations: { ...defaults.mutations, retry: false } });
  return client;
}

const NO_MOTION = { token: { motion: false } };

export function providersFor(queryClient: QueryClient) {
  return function Providers({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <ConfigProvider theme={NO_MOTION}>
          <App>{children}</App>
        </ConfigProvider>
      </QueryClientProvider>
    );
  };
}

export function renderWithProviders(
  ui: ReactElement,
  { queryClient = createTestQueryClient(), ...options }: Omit<RenderOptions, 'wrapper'> & { queryClient?: QueryClient } = {},
) {
  return { queryClient, ...render(ui, { wrapper: providersFor(queryClient), ...options }) };
}

export function renderHookWithProviders<R, P>(
  hook: (props: P) => R,
  { queryClient = createTestQueryClient(), initialProps }: { queryClient?: QueryClient; initialProps?: P } = {},
) {
  return { queryClient, ...renderHook(hook, { wrapper: providersFor(queryClient), initialProps }) };
}
