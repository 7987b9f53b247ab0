import { emptyPermissionTree, hasAction, hasAnyInArea, hasPermission, pageEntries, parseActionEntry, type PermissionTree } from './permissions';

function tree(rights: Partial<PermissionTree>): PermissionTree {
  return { ...emptyPermissionTree(), ...rights };
}

/** The seeded roles as the server will send them (see the conventions issue). */
const admin = tree({
  crm: [
    'customer/watched',
    'customer/watched:create',
    'customer/watched:edit',
    'customer/watched:delete',
    'customer/watched:import',
    'customer/watched:export',
    'customer/watched:assign',
  ],
});
const sales = tree({
  crm: [
    'customer/watched',
    'customer/watched/:id',
    'customer/watched:create',
    'customer/watched:edit',
    'customer/watched:import',
    'customer/watched:pool',
    'customer/watched:receive',
  ],
});
const finance = tree({ crm: ['signorentry/sign'] });

describe('action entries', () => {
  it('reads `path:action`, never a route parameter, as an action', () => {
    expect(parseActionEntry('customer/watched:delete')).toEqual({ path: 'customer/watched', action: 'delete' });
    expect(parseActionEntry('customer/watched/:id:edit')).toEqual({ path: 'customer/watched/:id', action: 'edit' });
    expect(parseActionEntry('customer/watched/:id')).toBeNull();
    expect(parseActionEntry('flow/view/:id')).toBeNull();
    expect(parseActionEntry('role')).toBeNull();
    expect(pageEntries(sales.crm)).toEqual(['customer/watched', 'customer/watched/:id']);
  });
});

describe('hasAction', () => {
  it('gives a 销售 create, edit, import, pool and receive on 我的客户, but not delete, export or assign', () => {
    for (const action of ['create', 'edit', 'import', 'pool', 'receive'] as const) expect(hasAction(sales, 'crm', 'customer/watched', action)).toBe(true);
    for (const action of ['delete', 'export', 'assign'] as const) expect(hasAction(sales, 'crm', 'customer/watched', action)).toBe(false);
  });

  it('gives an admin delete and export, and 财务 no customer action', () => {
    expect(hasAction(admin, 'crm', 'customer/watched', 'delete')).toBe(true);
    expect(hasAction(admin, 'crm', 'customer/watched', 'export')).toBe(true);
    expect(hasAction(finance, 'crm', 'customer/watched', 'create')).toBe(false);
  });

  it('needs the page as well as the action, and the right area', () => {
    expect(hasAction(tree({ crm: ['customer/watched:delete'] }), 'crm', 'customer/watched', 'delete')).toBe(false);
    expect(hasAction(admin, 'oa', 'customer/watched', 'delete')).toBe(false);
    expect(hasAction(null, 'crm', 'customer/watched', 'delete')).toBe(false);
  });
});

describe('page rights ignore action entries', () => {
  it('does not open a page or an area for an action entry alone', () => {
    const actionsOnly = tree({ crm: ['customer/watched:delete'] });
    expect(hasPermission(actionsOnly, { type: 'crm', subType: 'customer/watched' })).toBe(false);
    expect(hasPermission(actionsOnly, { type: 'crm', subType: 'customer/watched:delete' })).toBe(false);
    expect(hasPermission(actionsOnly, { type: 'crm' })).toBe(false);
    expect(hasAnyInArea(actionsOnly, 'crm')).toBe(false);
    expect(hasPermission(sales, { type: 'crm', subType: 'customer/watched' })).toBe(true);
  });
});
