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

/** api/user/GetUser1: employed staff for selects (superior, head), at most 50. */
export const StaffOptionSchema = Type.Object({ id: Type.Number(), NickName: Type.String(), BranchName: Type.String() });
export type StaffOption = Static<typeof StaffOptionSchema>;
export const StaffOptionsReply = Envelope(Type.Array(StaffOptionSchema));

/** api/user/add: the new staff member's id, and the generated password ('' when one was given), shown once. */
export const StaffAddedSchema = Type.Object({ id: Type.Number(), password: Type.String() });
export type StaffAdded = Static<typeof StaffAddedSchema>;
export const StaffAddReply = Envelope(StaffAddedSchema);
/** api/user/delete: how many staff were deleted. */
export const StaffDeleteReply = Envelope(Type.Object({ deleted: Type.Number() }));
/** api/user/ResetPwd: the new password, shown once. */
export const StaffPasswordResetSchema = Type.Object({ password: Type.String() });
export type StaffPasswordReset = Static<typeof StaffPasswordResetSchema>;
export const StaffPasswordReply = Envelope(StaffPasswordResetSchema);
/** api/user/CallState: the new state (1 外呼 on, 0 off). */
export const StaffCallStateSchema = Type.Object({ callEnabled: Type.Number() });
export type StaffCallState = Static<typeof StaffCallStateSchema>;
export const StaffCallStateReply = Envelope(StaffCallStateSchema);
/** api/user/RevokeSessions: how many sessions were ended. */
export const StaffRevokeSessionsReply = Envelope(Type.Object({ revoked: Type.Number() }));

/** A row of the user picker (api/user/GetGridJson; spec §3 User): any logged-in user reads it. */
export const UserGridRowSchema = Type.Object({
  UserID: Type.Number(),
  NickName: Type.String(),
  Header: Type.String(),
  /** The same as Header (the spec's name). */
  Headimg: Type.String(),
  rolename: Type.String(),
  /** 0 without a department. */
  BranchID: Type.Number(),
  BranchName: Type.String(),
  /** 0 employed (在职), otherwise departed (离职). */
  QuitStatus: Type.Number(),
});
export type UserGridRow = Static<typeof UserGridRowSchema>;
export const UserGridReply = ListOf(UserGridRowSchema);

/** An account one or more IPs may not try any more (api/user/LockedAccounts). */
export const LockedAccountRowSchema = Type.Object({
  id: Type.Number(),
  UserName: Type.String(),
  NickName: Type.String(),
  IPs: Type.Array(Type.String()),
  failures: Type.Number(),
  /** Asia/Shanghai. */
  lockedUntil: Type.String(),
});
export type LockedAccountRow = Static<typeof LockedAccountRowSchema>;
export const LockedAccountListReply = ListOf(LockedAccountRowSchema);
/** api/user/Unlock: how many throttle counters were cleared. */
export const UnlockReply = Envelope(Type.Object({ cleared: Type.Number() }));
