import type { DataScope } from '../../../db/schema';
import { parseRights, type PermissionTree } from '../../system/role/permission-tree';

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

/** The user and role columns an actor is built from (sessions and signed file URLs read the same ones). */
export type ActorRow = {
  userId: number;
  username: string;
  nick_name: string;
  header: string;
  branch_id: number | null;
  roleId: number;
  roleName: string;
  rights: string;
  data_scope: DataScope;
};

export function actorOfRow(sessionId: number, row: ActorRow): Actor {
  return {
    sessionId,
    userId: row.userId,
    username: row.username,
    nickName: row.nick_name,
    header: row.header,
    branchId: row.branch_id,
    roleId: row.roleId,
    roleName: row.roleName,
    rights: parseRights(row.rights),
    dataScope: row.data_scope,
  };
}
