import { buildRoutesAndMenus, emptyPermissionTree } from '@portal/shared-core';
import { render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { flattenRoutes } from '@portal/shared-ui/route-table';
import { routeTableProblems } from '@portal/shared-ui/test/route-table-check';
import routesModule from './routes';

const pages = {
  'customer/count': '客户数量统计',
  'customer/customerTotal': '员工业绩',
  'attendance/total': '考勤日历',
  'attendance/attendreport': '考勤报表',
  customerRank: '客户排名',
  financeTotal: '财务收款统计',
  financePayment: '财务支出统计',
};

describe('bi route table', () => {
  it('matches spec §2.2: every path, title, permission and flag', () => {
    expect(routeTableProblems(routesModule, { pages, groups: { customer: '客户统计', attendance: '考勤统计' }, hidden: [] })).toEqual([]);
    expect(routesModule.area).toBe('bi');
  });

  it('opens on customer/count', () => {
    const built = buildRoutesAndMenus({ ...emptyPermissionTree(), bi: Object.keys(pages) }, [routesModule], { loggedIn: true });
    expect(built.rootRedirect).toBe('/bi/customer/count');
  });

  it('gives the 财务 role only the finance statistics', () => {
    const finance = { ...emptyPermissionTree(), bi: ['financeTotal', 'financePayment'] };
    const built = buildRoutesAndMenus(finance, [routesModule], { loggedIn: true });
    expect(built.menus[0].items.map((i) => i.key)).toEqual(['/bi/financeTotal', '/bi/financePayment']);
  });

  it('shows an honest "not yet available" page', async () => {
    const rank = flattenRoutes(routesModule).find((r) => r.fullPath === 'customerRank');
    const { default: Page } = await rank!.route.page!();
    render(createElement(Page, { routePath: '/bi/customerRank' }));
    expect(screen.getByText('客户排名')).toBeInTheDocument();
    expect(screen.getByText('功能建设中，敬请期待')).toBeInTheDocument();
  });

  it('records the React and antd instances it runs with', () => {
    expect(globalThis.__PORTAL_SHARED__?.some((r) => r.owner === 'bi')).toBe(true);
  });
});
