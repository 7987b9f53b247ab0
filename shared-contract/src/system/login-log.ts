/** 登录记录 (api/user/getloglos): login attempts with who, where from and the result. */
import { Type, type Static } from '@sinclair/typebox';
import { ListOf } from '../wire';

export const LoginRecordRowSchema = Type.Object({
  id: Type.Number(),
  /** The account name typed at login (also for a name that is no account). */
  UserName: Type.String(),
  /** '' when the name is no account. */
  NickName: Type.String(),
  BranchName: Type.String(),
  /** Asia/Shanghai. */
  Date: Type.String(),
  IP: Type.String(),
  Ua: Type.String(),
  /** A short browser name from the User-Agent ('' when unknown). */
  browser: Type.String(),
  /** 1 success, 0 failure. */
  success: Type.Number(),
  /** 成功 / 失败. */
  result: Type.String(),
});
export type LoginRecordRow = Static<typeof LoginRecordRowSchema>;
export const LoginRecordListReply = ListOf(LoginRecordRowSchema);
