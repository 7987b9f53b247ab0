import { buildRoutesAndMenus, emptyPermissionTree } from '@portal/shared-core';
import { render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { flattenRoutes } from '@portal/shared-ui/route-table';
import { routeTableProblems } from '@portal/shared-ui/test/route-table-check';
import routesModule from './routes';
import { UNKNOWN_VIEW_TEXT } from './lib/form-paths';

const pages = {
  role: '角色管理',
  user: '员工管理',
  branch: '部门管理',
  status: '数据字典',
  basic: '基础设置',
  Loglos: '登录记录',
  customForm: '自定义表单',
  'customForm/view/:module/:type/:id': '自定义表单查看',
  workForm: '工作流表单',
  'workForm/view/:module/:type/:id': '工作流表单查看',
  release: '版本管理',
};

describe('system route table', () => {
  it('matches spec §2.2: every path, title, permission and flag', () => {
    expect(
      routeTableProblems(routesModule, {
        pages,
        hidden: ['customForm/view/:module/:type/:id', 'workForm/view/:module/:type/:id'],
      }),
    ).toEqual([]);
    expect(routesModule.area).toBe('system');
  });

  it('gives the 销售经理 role only the login records', () => {
    const manager = { ...emptyPermissionTree(), system: ['Loglos'] };
    const built = buildRoutesAndMenus(manager, [routesModule], { loggedIn: true });
    expect(built.menus[0].items.map((i) => i.key)).toEqual(['/system/Loglos']);
    expect(built.rootRedirect).toBe('/system/Loglos');
  });

  it('routes the form views with their three parameters', () => {
    const built = buildRoutesAndMenus({ ...emptyPermissionTree(), system: Object.keys(pages) }, [routesModule], { loggedIn: true });
    expect(built.findRoute('/system/customForm/view/crm/2/15')?.path).toBe('/system/customForm/view/:module/:type/:id');
  });

  it('routes 工作流表单查看 to the form designer, which names an unknown view type instead of guessing', async () => {
    const view = flattenRoutes(routesModule).find((r) => r.fullPath === 'workForm/view/:module/:type/:id');
    const { default: Page } = await view!.route.page!();
    render(createElement(Page, { routePath: '/system/workForm/view/oa/add/0' }));
    expect(screen.getByText(UNKNOWN_VIEW_TEXT)).toBeInTheDocument();
  });

  it('records the React and antd instances it runs with', () => {
    expect(globalThis.__PORTAL_SHARED__?.some((r) => r.owner === 'system')).toBe(true);
  });
});
