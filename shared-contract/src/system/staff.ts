/** 员工管理 (api/user/index, api/user/detail): staff rows as the spec names their fields. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, ListOf } from '../wire';

export const StaffRowSchema = Type.Object({
  id: Type.Number(),
  UserID: Type.Number(),
  UserName: Type.String(),
  NickName: Type.String(),
  Header: Type.String(),
  mobile: Type.String(),
  email: Type.String(),
  jobTitle: Type.String(),
  BranchID: Type.Number(),
  BranchName: Type.String(),
  roleId: Type.Number(),
  rolename: Type.String(),
  superiorId: Type.Number(),
  superiorName: Type.String(),
  QuitStatus: Type.Number(),
  callEnabled: Type.Number(),
  AddTime: Type.String(),
});
export type StaffRow = Static<typeof StaffRowSchema>;

export const StaffDetailSchema = Type.Composite([
  StaffRowSchema,
  Type.Object({ extraBranches: Type.Array(Type.Object({ id: Type.Number(), name: Type.String() })) }),
]);
export type StaffDetail = Static<typeof StaffDetailSchema>;

export const StaffListReply = ListOf(StaffRowSchema);
export const StaffDetailReply = Envelope(StaffDetailSchema);
