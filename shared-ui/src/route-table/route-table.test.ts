import { flattenRoutes, routeTable } from './route-table';

describe('routeTable', () => {
  const { page, group } = routeTable('crm');

  it('gives a page its area permission and a not-yet-available page by default', async () => {
    const route = page('call', 'report/call', { cn: '通话记录', en: 'Call records' });
    expect(route.permission).toEqual({ type: 'crm', subType: 'report/call' });
    expect(route.page).toBeDefined();
  });

  it('keeps an explicit page and flags', () => {
    const custom = () => Promise.resolve({ default: () => null });
    const route = page('watched', 'customer/watched', { cn: '我的客户', en: 'My customers' }, { page: custom, badge: 'myCustomers' });
    expect(route.page).toBe(custom);
    expect(route.badge).toBe('myCustomers');
  });

  it('flattens nested routes to full paths', () => {
    const routes = [
      group('customer', { cn: '客户管理', en: 'Customers' }, [
        page(
          'watched',
          'customer/watched',
          { cn: '我的客户', en: 'My customers' },
          {
            children: [page(':id', 'customer/watched/:id', { cn: '新建申请', en: 'New application' }, { hidden: true })],
          },
        ),
      ]),
    ];
    expect(flattenRoutes({ area: 'crm', title: { cn: '客户', en: 'CRM' }, routes }).map((r) => r.fullPath)).toEqual([
      'customer',
      'customer/watched',
      'customer/watched/:id',
    ]);
  });
});
