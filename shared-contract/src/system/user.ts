/** The signed-in user's own profile (api/user/GetUser) and avatar history (api/user/setHeaderLOG). */
import { Type, type Static } from '@sinclair/typebox';
import { Done, Envelope, ListOf, Nullable } from '../wire';
import { RightsTreeSchema } from './role';

export const CurrentUserSchema = Type.Object({
  UserID: Type.Number(),
  NickName: Type.String(),
  header: Type.String(),
  /** 0 without a department. */
  BranchID: Type.Number(),
  BranchName: Type.String(),
  rolename: Type.String(),
  /** The root of the user's department (0 without a department). */
  ShopID: Type.Number(),
  /** The successful login before this one (Asia/Shanghai), null before any. */
  lastLogin: Nullable(Type.Object({ Date: Type.String(), IP: Type.String() })),
});
export type CurrentUser = Static<typeof CurrentUserSchema>;

/** api/user/GetUser: the envelope, with the user's rights tree beside it as `model` (as login answers). */
export const CurrentUserReply = Type.Composite([Envelope(CurrentUserSchema), Type.Object({ model: RightsTreeSchema })]);
export type CurrentUserReplyBody = Static<typeof CurrentUserReply>;

export const AvatarHistoryRowSchema = Type.Object({
  id: Type.Number(),
  url: Type.String(),
  /** Asia/Shanghai. */
  addTime: Type.String(),
  /** The avatar in use. */
  current: Type.Boolean(),
});
export type AvatarHistoryRow = Static<typeof AvatarHistoryRowSchema>;

/** api/user/setHeaderLOG: without `url` the history (newest first, at most 50); with one, back to it (Done). */
export const AvatarHistoryReply = Type.Union([ListOf(AvatarHistoryRowSchema), Done]);
