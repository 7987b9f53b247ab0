/** 登录与会话 (api/user/login, api/user/isApplogin, Api/menu/auth): who signed in and what they may open. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope } from '../wire';

const Paths = Type.Array(Type.String());

/**
 * The permission tree (`model` of the login, `data` of Api/menu/auth): one list per area slot of the
 * route paths (and `path:action` entries) the user may open, every slot present. shared-core's
 * PermissionTree is this type; its AREA_KEYS name the same slots.
 */
export const PermissionTreeSchema = Type.Object({
  crm: Paths,
  oa: Paths,
  bi: Paths,
  system: Paths,
  erp: Paths,
  admin: Paths,
  work: Paths,
  manage: Paths,
  call: Paths,
  dbcall: Paths,
});
export type PermissionTree = Static<typeof PermissionTreeSchema>;

/** `data` of the login reply: the login key (the `authkey` header of every later call) and who signed in. */
export const LoginDataSchema = Type.Object({
  LoginToken: Type.String(),
  NickName: Type.String(),
  UserID: Type.Number(),
  /** The user's company: the root of their department (0 without one). */
  ShopID: Type.Number(),
  header: Type.String(),
});
export type LoginData = Static<typeof LoginDataSchema>;

/** api/user/login: the envelope plus the user's permission tree as `model`. */
export const LoginReply = Type.Object({ ...Envelope(LoginDataSchema).properties, model: PermissionTreeSchema });
export type LoginReplyBody = Static<typeof LoginReply>;

/** api/user/isApplogin: the login key is valid. */
export const LoginCheckReply = Envelope(Type.Object({ login: Type.Literal(true), UserID: Type.Number() }));
/** Api/menu/auth: the current user's permission tree. */
export const PermissionTreeReply = Envelope(PermissionTreeSchema);
