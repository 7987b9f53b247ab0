/**
 * 字段权限 (main/role/fieldMasks, api/user/myFieldMasks): per role and field, masked (脱敏) or hidden
 * (隐藏); a field without a rule is visible.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope } from '../wire';

export const FieldMaskModeSchema = Type.Union([Type.Literal('mask'), Type.Literal('hidden')]);
export type FieldMaskMode = Static<typeof FieldMaskModeSchema>;

/** The modules whose fields rules may name. */
export const FieldMaskModuleKeySchema = Type.Union([Type.Literal('customer'), Type.Literal('contact'), Type.Literal('contract')]);
export type FieldMaskModuleKey = Static<typeof FieldMaskModuleKeySchema>;

/** One module of a role's 字段权限: the fields a rule may name and the role's rules. */
export const FieldMaskModuleSchema = Type.Object({
  module: FieldMaskModuleKeySchema,
  title: Type.String(),
  /** `cannotHide`: the field may be masked but not hidden (客户名称), with the reason. */
  fields: Type.Array(Type.Object({ field: Type.String(), title: Type.String(), cannotHide: Type.Optional(Type.String()) })),
  rules: Type.Array(Type.Object({ field: Type.String(), mode: FieldMaskModeSchema })),
});
export type FieldMaskModule = Static<typeof FieldMaskModuleSchema>;

/** main/role/fieldMasks. `builtIn` 1: 超级管理员, whose rules cannot be set. */
export const RoleFieldMasksSchema = Type.Object({
  roleId: Type.Number(),
  roleName: Type.String(),
  builtIn: Type.Number(),
  modules: Type.Array(FieldMaskModuleSchema),
});
export type RoleFieldMasks = Static<typeof RoleFieldMasksSchema>;

const FieldModes = Type.Record(Type.String(), FieldMaskModeSchema);
/** api/user/myFieldMasks: per module, the user's masked and hidden fields (field → mode). */
export const MyFieldMasksSchema = Type.Object({ customer: FieldModes, contact: FieldModes, contract: FieldModes });
export type MyFieldMasksData = Static<typeof MyFieldMasksSchema>;

export const RoleFieldMasksReply = Envelope(RoleFieldMasksSchema);
export const MyFieldMasksReply = Envelope(MyFieldMasksSchema);
