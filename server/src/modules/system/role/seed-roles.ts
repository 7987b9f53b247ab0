import type { DataScope } from '../../../db/schema';
import { actionRights, emptyTree, fullTree, ROUTE_PERMISSIONS, type PermissionTree } from './permission-tree';

export type RoleDefinition = { name: string; rights: PermissionTree; dataScope: DataScope };

export const ROLE_ADMIN = '超级管理员';
export const ROLE_MANAGER = '销售经理';
export const ROLE_SALES = '销售';
export const ROLE_FINANCE = '财务';

/**
 * Action rights of the seeded roles besides 超级管理员 (who holds every right). Migration 008 adds the
 * same lists to the roles of existing databases.
 */
export const SEED_ACTION_RIGHTS: Readonly<Record<string, { crm: readonly string[]; oa: readonly string[]; system: readonly string[] }>> = {
  [ROLE_MANAGER]: { crm: actionRights('crm'), oa: [], system: [] },
  [ROLE_SALES]: {
    crm: [
      'customer/watched:create',
      'customer/watched:edit',
      'customer/watched:import',
      'customer/watched:pool',
      'customer/zaifenpei:pool',
      'customer/total:receive',
      'customer/fangke:create',
      'customer/fangke:edit',
      'signorentry/sign:create',
      'signorentry/sign:edit',
      'signorentry/entry:create',
      'signorentry/entry:edit',
    ],
    oa: [],
    system: [],
  },
  [ROLE_FINANCE]: {
    crm: ['signorentry/sigeshenpi:approve', 'signorentry/entryshenpi:approve'],
    oa: [],
    system: [],
  },
};

/** The four roles of the team contract. */
export function seedRoles(): RoleDefinition[] {
  return [
    { name: ROLE_ADMIN, rights: fullTree(), dataScope: 'all' },
    {
      name: ROLE_MANAGER,
      rights: {
        ...emptyTree(),
        crm: [...ROUTE_PERMISSIONS.crm, ...SEED_ACTION_RIGHTS[ROLE_MANAGER].crm],
        oa: [...ROUTE_PERMISSIONS.oa],
        bi: [...ROUTE_PERMISSIONS.bi],
        system: ['Loglos'],
      },
      dataScope: 'department',
    },
    {
      name: ROLE_SALES,
      rights: {
        ...emptyTree(),
        crm: [
          'index',
          'customer/watched',
          'customer/watched/:id',
          'customer/zaifenpei',
          'customer/zaifenpei/:id',
          'customer/nodispose',
          'customer/total',
          'customer/search',
          'customer/fangke',
          'customer/form',
          'signorentry/sign',
          'signorentry/entry',
          'signorentry/entry/:id',
          ...SEED_ACTION_RIGHTS[ROLE_SALES].crm,
        ],
        oa: ['approval/todo', 'approval/approvaled', 'approval/mySubmit', 'approval/Cc', 'createApproval'],
      },
      dataScope: 'own',
    },
    {
      name: ROLE_FINANCE,
      rights: {
        ...emptyTree(),
        crm: ['index', ...ROUTE_PERMISSIONS.crm.filter((p) => p.startsWith('signorentry/')), ...SEED_ACTION_RIGHTS[ROLE_FINANCE].crm],
        oa: ROUTE_PERMISSIONS.oa.filter((p) => p.startsWith('approval/')),
        bi: ['financeTotal', 'financePayment'],
      },
      dataScope: 'all',
    },
  ];
}
