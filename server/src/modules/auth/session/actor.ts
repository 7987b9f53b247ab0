import type { DataScope } from '../../../db/schema';
import type { PermissionTree } from '../../system/role/permission-tree';

/** The logged-in user making a request, resolved from the `authkey` header. */
export type Actor = {
  sessionId: number;
  userId: number;
  username: string;
  nickName: string;
  header: string;
  branchId: number | null;
  roleId: number;
  roleName: string;
  rights: PermissionTree;
  dataScope: DataScope;
};
