/** Renders whatever route of the remotes the current path opens: a page, a group redirect, or why not. */
import { Button, Result } from 'antd';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { hasAnyInArea, REMOTE_AREAS, type LazyPage, type PageProps, type RemoteArea } from '@portal/shared-core';
import { usePortal } from '../app/portal-context';
import { FullPageSpin } from '../app/full-page-spin';
import { text } from '../i18n/shell-texts';
import { AreaUnavailable } from './area-unavailable';
import { PageBoundary } from './page-boundary';

const lazyPages = new Map<LazyPage, LazyExoticComponent<ComponentType<PageProps>>>();

/** One lazy component per page factory, so re-renders never remount a page. */
function lazyPage(page: LazyPage): LazyExoticComponent<ComponentType<PageProps>> {
  let component = lazyPages.get(page);
  if (!component) {
    component = lazy(page);
    lazyPages.set(page, component);
  }
  return component;
}

function areaOf(pathname: string): RemoteArea | undefined {
  const first = pathname.split('/')[1];
  return REMOTE_AREAS.find((a) => a === first);
}

export function RemotePage() {
  const { pathname } = useLocation();
  const portal = usePortal();
  const route = portal.findRoute(pathname);

  if (!route) {
    const area = areaOf(pathname);
    if (area && portal.unavailable.includes(area) && (hasAnyInArea(portal.permissions, area) || !portal.permissions)) {
      return <AreaUnavailable area={area} />;
    }
    return <NotFound />;
  }
  if (!route.page) {
    if (route.redirect) return <Navigate to={route.redirect} replace />;
    return <Result status="info" title={text('pageNotReady')} />;
  }
  const Page = lazyPage(route.page);
  const params = matchPath(route.path, pathname)?.params ?? {};
  return (
    <PageBoundary key={pathname} path={pathname}>
      <Suspense fallback={<FullPageSpin />}>
        <Page routePath={route.path} params={params} />
      </Suspense>
    </PageBoundary>
  );
}

function NotFound() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={text('notFound')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {text('backHome')}
        </Button>
      }
    />
  );
}

/** `/`: the first available area (spec §2.1); an unavailable area the user may open comes next. */
export function RootRedirect() {
  const portal = usePortal();
  const target =
    portal.rootRedirect ??
    REMOTE_AREAS.filter((a) => portal.unavailable.includes(a) && hasAnyInArea(portal.permissions, a)).map((a) => `/${a}`)[0] ??
    '/person/index';
  return <Navigate to={target} replace />;
}
