import { emptyPermissionTree, type PermissionTree } from '../contract/permissions';
import type { RemoteRoutesModule } from '../contract/routes';
import { buildRoutesAndMenus } from './build-routes';

const page = () => Promise.resolve({ default: () => null });
const t = (cn: string) => ({ cn, en: cn });

const crm: RemoteRoutesModule = {
  area: 'crm',
  title: t('客户'),
  routes: [
    { path: 'index', title: t('工作台'), permission: { type: 'crm', subType: 'index' }, page },
    {
      path: 'customer',
      title: t('客户管理'),
      children: [
        {
          path: 'watched',
          title: t('我的客户'),
          permission: { type: 'crm', subType: 'customer/watched' },
          badge: 'myCustomers',
          page,
          children: [{ path: ':id', title: t('新申请'), permission: { type: 'crm', subType: 'customer/watched/:id' }, hidden: true, page }],
        },
        { path: 'zaifenpei', title: t('再分配客户'), permission: { type: 'crm', subType: 'customer/zaifenpei' }, badge: 'reassigned', page },
        { path: 'search', title: t('查找客户'), permission: { type: 'crm', subType: 'customer/search' }, public: true, page },
        { path: 'form', title: t('客户信息表单'), permission: { type: 'crm', subType: 'customer/form' }, hidden: true, page },
      ],
    },
    {
      path: 'signorentry',
      title: t('合同'),
      children: [
        { path: 'sign', title: t('合同管理'), permission: { type: 'crm', subType: 'signorentry/sign' }, page },
        { path: 'entry', title: t('进件管理'), permission: { type: 'crm', subType: 'signorentry/entry' }, page },
      ],
    },
  ],
};

const oa: RemoteRoutesModule = {
  area: 'oa',
  title: t('审批'),
  routes: [
    {
      path: 'approval',
      title: t('审批'),
      children: [
        { path: 'todo', title: t('待我审批'), permission: { type: 'oa', subType: 'approval/todo' }, page },
        { path: 'mySubmit', title: t('我发起的'), permission: { type: 'oa', subType: 'approval/mySubmit' }, page },
      ],
    },
    { path: 'createApproval', title: t('新建流程'), permission: { type: 'oa', subType: 'createApproval' }, hidden: true, page },
    { path: 'flow/view/:id', title: t('流程查看'), permission: { type: 'oa', subType: 'flow/view/:id' }, hidden: true, page },
  ],
};

const system: RemoteRoutesModule = {
  area: 'system',
  title: t('设置'),
  routes: [
    { path: 'role', title: t('角色'), permission: { type: 'system', subType: 'role' }, page },
    { path: 'Loglos', title: t('登录记录'), permission: { type: 'system', subType: 'Loglos' }, page },
  ],
};

function tree(rights: Partial<PermissionTree>): PermissionTree {
  return { ...emptyPermissionTree(), ...rights };
}

const everything = tree({
  crm: ['index', 'customer/watched', 'customer/watched/:id', 'customer/zaifenpei', 'customer/search', 'customer/form', 'signorentry/sign', 'signorentry/entry'],
  oa: ['approval/todo', 'approval/mySubmit', 'createApproval', 'flow/view/:id'],
  system: ['role', 'Loglos'],
});

const paths = (r: ReturnType<typeof buildRoutesAndMenus>) => r.routes.map((x) => x.path);

describe('buildRoutesAndMenus', () => {
  it('keeps every permitted route with full paths, in area order whatever order the remotes loaded in', () => {
    const result = buildRoutesAndMenus(everything, [system, oa, crm], { loggedIn: true });
    expect(result.menus.map((m) => m.area)).toEqual(['crm', 'oa', 'system']);
    expect(paths(result)).toEqual(
      expect.arrayContaining([
        '/crm',
        '/crm/index',
        '/crm/customer',
        '/crm/customer/watched',
        '/crm/customer/watched/:id',
        '/oa/flow/view/:id',
        '/system/Loglos',
      ]),
    );
  });

  it('redirects a group to its first visible child and the root to the first available area', () => {
    const result = buildRoutesAndMenus(everything, [crm, oa, system], { loggedIn: true });
    expect(result.findRoute('/crm')?.redirect).toBe('/crm/index');
    expect(result.findRoute('/crm/customer')?.redirect).toBe('/crm/customer/watched');
    expect(result.findRoute('/oa')?.redirect).toBe('/oa/approval/todo');
    expect(result.rootRedirect).toBe('/crm/index');
  });

  it('drops routes whose right is missing and groups left without children', () => {
    const sales = tree({ crm: ['customer/zaifenpei'], oa: ['approval/mySubmit'] });
    const result = buildRoutesAndMenus(sales, [crm, oa, system], { loggedIn: true });
    expect(paths(result)).not.toContain('/crm/index');
    expect(paths(result)).not.toContain('/crm/customer/watched');
    expect(paths(result)).not.toContain('/crm/signorentry');
    expect(paths(result)).not.toContain('/system');
    expect(result.menus.map((m) => m.area)).toEqual(['crm', 'oa']);
    // The first kept child becomes the redirect, at every level.
    expect(result.findRoute('/crm')?.redirect).toBe('/crm/customer/zaifenpei');
    expect(result.findRoute('/oa/approval')?.redirect).toBe('/oa/approval/mySubmit');
    expect(result.rootRedirect).toBe('/crm/customer/zaifenpei');
  });

  it('roots to the first available area when earlier areas are not permitted', () => {
    const result = buildRoutesAndMenus(tree({ system: ['Loglos'] }), [crm, oa, system], { loggedIn: true });
    expect(result.rootRedirect).toBe('/system/Loglos');
    expect(result.menus).toHaveLength(1);
    expect(result.menus[0].items.map((i) => i.key)).toEqual(['/system/Loglos']);
  });

  it('keeps hidden routes routable but out of the menu', () => {
    const result = buildRoutesAndMenus(everything, [crm, oa], { loggedIn: true });
    expect(result.findRoute('/crm/customer/form')?.page).toBe(page);
    expect(result.findRoute('/oa/createApproval')?.hidden).toBe(true);
    const crmMenu = result.menus.find((m) => m.area === 'crm')!;
    const customer = crmMenu.items.find((i) => i.key === '/crm/customer')!;
    expect(customer.children?.map((c) => c.key)).toEqual(['/crm/customer/watched', '/crm/customer/zaifenpei', '/crm/customer/search']);
    const oaMenu = result.menus.find((m) => m.area === 'oa')!;
    expect(oaMenu.items.map((i) => i.key)).toEqual(['/oa/approval']);
  });

  it('never redirects a group to a hidden route when a visible one exists', () => {
    const result = buildRoutesAndMenus(tree({ crm: ['customer/form', 'customer/zaifenpei'] }), [crm], { loggedIn: true });
    expect(result.findRoute('/crm/customer')?.redirect).toBe('/crm/customer/zaifenpei');
  });

  it('carries badge keys into the menu', () => {
    const result = buildRoutesAndMenus(everything, [crm], { loggedIn: true });
    const customer = result.menus[0].items.find((i) => i.key === '/crm/customer')!;
    expect(customer.children?.find((c) => c.key === '/crm/customer/watched')?.badge).toBe('myCustomers');
    expect(customer.children?.find((c) => c.key === '/crm/customer/zaifenpei')?.badge).toBe('reassigned');
  });

  it('keeps only public routes without a login, and no root redirect', () => {
    const result = buildRoutesAndMenus(null, [crm, oa, system], { loggedIn: false });
    expect(result.findRoute('/crm/customer/search')?.public).toBe(true);
    expect(result.findRoute('/crm/customer/watched')).toBeUndefined();
    expect(result.findRoute('/oa/approval/todo')).toBeUndefined();
    expect(result.rootRedirect).toBeNull();
    // A stale permission tree does not open anything once logged out.
    expect(buildRoutesAndMenus(everything, [crm], { loggedIn: false }).findRoute('/crm/index')).toBeUndefined();
  });

  it('lets a logged-in user open a public route without the right, but keeps it out of their menu', () => {
    const finance = tree({ crm: ['index', 'signorentry/sign'] });
    const result = buildRoutesAndMenus(finance, [crm], { loggedIn: true });
    expect(result.findRoute('/crm/customer/search')?.page).toBe(page);
    expect(JSON.stringify(result.menus)).not.toContain('/crm/customer/search');
  });

  it('gives page titles by path, parameters included', () => {
    const result = buildRoutesAndMenus(everything, [crm, oa], { loggedIn: true });
    expect(result.titleFor('/crm/customer/watched')).toBe('我的客户');
    expect(result.titleFor('/crm/customer/watched/42')).toBe('新申请');
    expect(result.titleFor('/oa/flow/view/7?from=list')).toBe('流程查看');
    expect(result.titleFor('/nowhere')).toBeUndefined();
  });

  it('lets a route without its own permission inherit its parent’s', () => {
    const module: RemoteRoutesModule = {
      area: 'crm',
      title: t('客户'),
      routes: [
        {
          path: 'signorentry/entry',
          title: t('进件'),
          permission: { type: 'crm', subType: 'signorentry/entry' },
          page,
          children: [{ path: ':id', title: t('新进件'), page }],
        },
      ],
    };
    expect(buildRoutesAndMenus(tree({ crm: ['signorentry/entry'] }), [module], { loggedIn: true }).findRoute('/crm/signorentry/entry/3')?.title.cn).toBe(
      '新进件',
    );
    expect(buildRoutesAndMenus(tree({ crm: ['index'] }), [module], { loggedIn: true }).findRoute('/crm/signorentry/entry/3')).toBeUndefined();
  });

  it('leaves a user without rights only the public route, no menu and no root', () => {
    const result = buildRoutesAndMenus(emptyPermissionTree(), [crm, oa, system], { loggedIn: true });
    expect(result.routes.filter((r) => r.page).map((r) => r.path)).toEqual(['/crm/customer/search']);
    expect(result.menus).toEqual([]);
    expect(result.rootRedirect).toBeNull();
  });

  it('never grants a page for an action right alone (customer/watched:delete)', () => {
    const actionsOnly = tree({ crm: ['customer/watched:delete'], system: ['role:edit'] });
    const result = buildRoutesAndMenus(actionsOnly, [crm, oa, system], { loggedIn: true });
    expect(paths(result)).not.toContain('/crm/customer/watched');
    expect(paths(result)).not.toContain('/system');
    expect(result.routes.filter((r) => r.page).map((r) => r.path)).toEqual(['/crm/customer/search']);
    expect(result.menus).toEqual([]);
    expect(result.rootRedirect).toBeNull();
  });

  it('keeps a page with its action rights and carries its declared actions', () => {
    const withActions: RemoteRoutesModule = {
      ...crm,
      routes: [
        {
          path: 'customer/watched',
          title: t('我的客户'),
          permission: { type: 'crm', subType: 'customer/watched' },
          page,
          actions: [{ key: 'delete', title: '删除' }],
        },
      ],
    };
    const result = buildRoutesAndMenus(tree({ crm: ['customer/watched', 'customer/watched:delete'] }), [withActions], { loggedIn: true });
    expect(result.findRoute('/crm/customer/watched')?.actions).toEqual([{ key: 'delete', title: '删除' }]);
    expect(result.rootRedirect).toBe('/crm/customer/watched');
  });
});
