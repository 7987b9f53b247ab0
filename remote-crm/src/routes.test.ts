import { buildRoutesAndMenus, emptyPermissionTree, sharesSingleInstances } from '@portal/shared-core';
import { render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { flattenRoutes } from '@portal/shared-ui/route-table';
import { routeTableProblems } from '@portal/shared-ui/test/route-table-check';
import routesModule from './routes';

const pages = {
  index: '工作台',
  'customer/watched': '我的客户',
  'customer/watched/:id': '新建申请',
  'customer/zaifenpei': '再分配客户',
  'customer/zaifenpei/:id': '再分配客户详情',
  'customer/nodispose': '未处理客户',
  'customer/total': '公海客户',
  'customer/daifenpei': '待分配客户',
  'customer/teamkehu': '团队客户',
  'customer/search': '客户查询',
  'customer/fangke': '访客登记',
  'customer/lizhi': '离职员工客户',
  'customer/black': '黑名单客户',
  'customer/form': '客户信息表单',
  'report/call': '通话记录',
  'report/callTongji': '通话统计',
  'report/Briefing': '工作简报',
  'report/daydata': '客户数据统计',
  'report/total2': '综合排名',
  'report/resultrank': '业绩排名',
  'report/resulmx': '业绩明细排名',
  'report/fangke': '访客统计',
  'usergkset/userset': '接口配置管理',
  'usergkset/teamreport': '指标管理',
  'usergkset/userAuto': '员工列表',
  'usergkset/daydata': '接口数据报表',
  'signorentry/sign': '合同管理',
  'signorentry/entry': '进件管理',
  'signorentry/entry/:id': '新建进件',
  'signorentry/sigeshenpi': '合同审核',
  'signorentry/entryshenpi': '进件审核',
};

describe('crm route table', () => {
  it('matches spec §2.2: every path, title, permission and flag', () => {
    expect(
      routeTableProblems(routesModule, {
        pages,
        groups: { customer: '客户管理', report: '报表', usergkset: '接口配置', signorentry: '合同/进件' },
        hidden: ['customer/watched/:id', 'customer/zaifenpei/:id', 'customer/form', 'signorentry/entry/:id'],
        public: ['customer/search'],
        badges: { 'customer/watched': 'myCustomers', 'customer/zaifenpei': 'reassigned' },
      }),
    ).toEqual([]);
    expect(routesModule.area).toBe('crm');
  });

  it('starts at the workbench', () => {
    const all = { ...emptyPermissionTree(), crm: Object.keys(pages) };
    const built = buildRoutesAndMenus(all, [routesModule], { loggedIn: true });
    expect(built.rootRedirect).toBe('/crm/index');
    expect(built.menus[0].items.map((i) => i.title.cn)).toEqual(['工作台', '客户管理', '报表', '接口配置', '合同/进件']);
  });

  it('gives the 销售 role only its customer pages and contracts', () => {
    const sales = {
      ...emptyPermissionTree(),
      crm: [
        'index',
        'customer/watched',
        'customer/zaifenpei',
        'customer/nodispose',
        'customer/total',
        'customer/search',
        'customer/fangke',
        'customer/form',
        'signorentry/sign',
        'signorentry/entry',
        'signorentry/entry/:id',
      ],
    };
    const built = buildRoutesAndMenus(sales, [routesModule], { loggedIn: true });
    const menuPaths = built.menus[0].items.flatMap((i) => [i.key, ...(i.children ?? []).map((c) => c.key)]);
    expect(menuPaths).toContain('/crm/customer/watched');
    expect(menuPaths).not.toContain('/crm/report');
    expect(menuPaths).not.toContain('/crm/customer/form');
    expect(built.findRoute('/crm/customer/form')?.path).toBe('/crm/customer/form');
  });

  it('keeps the customer search reachable without login', () => {
    const built = buildRoutesAndMenus(null, [routesModule], { loggedIn: false });
    expect(built.routes.filter((r) => r.page).map((r) => r.path)).toEqual(['/crm/customer/search']);
  });

  it('shows an honest "not yet available" page for pages later builds fill', async () => {
    const call = flattenRoutes(routesModule).find((r) => r.fullPath === 'report/call');
    const { default: Page } = await call!.route.page!();
    render(createElement(Page, { routePath: '/crm/report/call' }));
    expect(screen.getByText('通话记录')).toBeInTheDocument();
    expect(screen.getByText('功能建设中，敬请期待')).toBeInTheDocument();
  });

  it('records the React and antd instances it runs with', () => {
    expect(globalThis.__PORTAL_SHARED__?.some((r) => r.owner === 'crm')).toBe(true);
    expect(sharesSingleInstances()).toBe(true);
  });
});
