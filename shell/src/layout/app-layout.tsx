/** The main layout of spec §2.3: top bar, area sidebar, page tabs, page, slide panel. */
import { Layout } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { localize, useTabsStore } from '@portal/shared-core';
import { usePortal } from '../app/portal-context';
import { SHELL_ROUTE_TITLES, text } from '../i18n/shell-texts';
import { PageTabs } from './page-tabs';
import { SideMenu } from './side-menu';
import { SlidePanelHost } from './slide-panel-host';
import { TopBar } from './top-bar';
import './app-layout.css';

/** The title of the page a path opens, if it is a page (not a group redirect). */
function usePageTitle(pathname: string): string | undefined {
  const portal = usePortal();
  const shellTitle = SHELL_ROUTE_TITLES[pathname];
  if (shellTitle) return localize(shellTitle);
  const route = portal.findRoute(pathname);
  return route?.page ? localize(route.title) : undefined;
}

export function AppLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const title = usePageTitle(pathname);
  const openTab = useTabsStore((s) => s.openTab);

  useEffect(() => {
    document.title = title ? `${title} - ${text('appTitle')}` : text('appTitle');
    if (title) openTab({ key: pathname, title });
  }, [pathname, title, openTab]);

  return (
    <Layout className="app-layout">
      <Layout.Header className="app-header">
        <TopBar />
      </Layout.Header>
      <Layout>
        <Layout.Sider width={208} theme="light" className="app-sider">
          <SideMenu />
        </Layout.Sider>
        <Layout.Content className="app-content">
          <PageTabs activePath={pathname} />
          <main className="app-page">{children}</main>
        </Layout.Content>
      </Layout>
      <SlidePanelHost />
    </Layout>
  );
}
