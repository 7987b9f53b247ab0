import type { DataScope } from '../../../db/schema';
import { fullTree, parseRights, type PermissionTree } from '../../system/role/permission-tree';

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
  /** 1 for 超级管理员, who holds every right whatever is stored (rights added later included). */
  built_in: number;
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
    rights: row.built_in === 1 ? fullTree() : parseRights(row.rights),
    dataScope: row.data_scope,
  };
}
