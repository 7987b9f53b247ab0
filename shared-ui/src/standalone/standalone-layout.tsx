/** The standalone page's body: a login form, or the remote's menu and pages for the logged-in user. */
import { Suspense, lazy, useMemo, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Button, Layout, Menu, Result, Spin, type MenuProps } from 'antd';
import { buildRoutesAndMenus, localize, useSessionStore, type BuiltRoute, type MenuItem, type PageProps, type RemoteRoutesModule } from '@portal/shared-core';
import { StandaloneLogin } from './standalone-login';

export function StandaloneLayout({ routesModule }: { routesModule: RemoteRoutesModule }) {
  const token = useSessionStore((s) => s.token);
  const user = useSessionStore((s) => s.user);
  const permissions = useSessionStore((s) => s.permissions);
  const logout = useSessionStore((s) => s.logout);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const built = useMemo(() => buildRoutesAndMenus(permissions, [routesModule], { loggedIn: Boolean(token) }), [permissions, routesModule, token]);
  const publicRoutes = built.routes.filter((r) => r.public && r.page);
  const onPublicPage = publicRoutes.some((r) => built.findRoute(pathname) === r);

  if (!token && !onPublicPage) return <StandaloneLogin />;

  const menu = built.menus[0];
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 16, color: '#fff' }}>
        <strong style={{ flex: 1 }}>{localize(routesModule.title)}（独立运行）</strong>
        {user ? <span>{user.NickName}</span> : null}
        {token ? (
          <Button size="small" onClick={logout}>
            退出
          </Button>
        ) : null}
      </Layout.Header>
      <Layout>
        <Layout.Sider width={220} theme="light">
          <Menu mode="inline" selectedKeys={[pathname]} items={toMenuItems(menu?.items ?? [])} onClick={({ key }) => navigate(key)} />
        </Layout.Sider>
        <Layout.Content style={{ padding: 16 }}>
          <Routes>
            {built.routes.map((route) => (
              <Route key={route.path} path={route.path} element={<RouteElement route={route} />} />
            ))}
            <Route path="*" element={built.rootRedirect ? <Navigate to={built.rootRedirect} replace /> : <NoAccess />} />
          </Routes>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

function toMenuItems(items: MenuItem[]): MenuProps['items'] {
  return items.map((item) => ({
    key: item.key,
    label: localize(item.title),
    children: item.children ? toMenuItems(item.children) : undefined,
  }));
}

const lazyPages = new Map<BuiltRoute['page'], ComponentType<PageProps>>();

function RouteElement({ route }: { route: BuiltRoute }) {
  const params = useParams();
  if (!route.page) return route.redirect ? <Navigate to={route.redirect} replace /> : <NoAccess />;
  let Page = lazyPages.get(route.page);
  if (!Page) {
    Page = lazy(route.page);
    lazyPages.set(route.page, Page);
  }
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
      <Page routePath={route.path} params={params} />
    </Suspense>
  );
}

function NoAccess() {
  return <Result status="403" title="没有权限" subTitle="当前账号没有此区域的任何权限" />;
}
