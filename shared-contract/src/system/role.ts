/** 角色管理 (main/role/*): roles, their rights tree and data scope, and the rights editor's catalogue. */
import { Type, type Static } from '@sinclair/typebox';
import { PermissionTreeSchema } from '../auth/session';
import { Envelope, ListOf } from '../wire';

/** A role's rights: the permission tree (auth/session.ts), every area slot present. Also the `model` of api/user/GetUser. */
export const RightsTreeSchema = PermissionTreeSchema;
export type RightsTree = Static<typeof RightsTreeSchema>;

/** Which owned records a role sees: all; department (and below); branch (own department only); own. */
export const DataScopeSchema = Type.Union([Type.Literal('all'), Type.Literal('department'), Type.Literal('branch'), Type.Literal('own')]);
export type DataScope = Static<typeof DataScopeSchema>;

export const RoleRowSchema = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  dataScope: DataScopeSchema,
  remark: Type.String(),
  /** 1 for 超级管理员. */
  builtIn: Type.Number(),
  /** Sent back by an edit: a save from an older version is refused. */
  version: Type.Number(),
  /** Employed holders. */
  userCount: Type.Number(),
  /** Asia/Shanghai. */
  updatedAt: Type.String(),
});
export type RoleRow = Static<typeof RoleRowSchema>;
export const RoleListReply = ListOf(RoleRowSchema);

export const RoleDetailSchema = Type.Composite([RoleRowSchema, Type.Object({ rights: RightsTreeSchema })]);
export type RoleDetail = Static<typeof RoleDetailSchema>;
export const RoleDetailReply = Envelope(RoleDetailSchema);

/** main/role/options: every role for selects, 超级管理员 first. */
export const RoleOptionSchema = Type.Object({ id: Type.Number(), name: Type.String() });
export type RoleOption = Static<typeof RoleOptionSchema>;
export const RoleOptionsReply = Envelope(Type.Array(RoleOptionSchema));

/** main/role/rights: area → group → page → actions, exactly the rights the server enforces. */
export const CatalogueActionSchema = Type.Object({ key: Type.String(), right: Type.String(), title: Type.String() });
export type CatalogueAction = Static<typeof CatalogueActionSchema>;
export const CataloguePageSchema = Type.Object({ path: Type.String(), title: Type.String(), actions: Type.Array(CatalogueActionSchema) });
export type CataloguePage = Static<typeof CataloguePageSchema>;
export const CatalogueGroupSchema = Type.Object({ key: Type.String(), title: Type.String(), pages: Type.Array(CataloguePageSchema) });
export type CatalogueGroup = Static<typeof CatalogueGroupSchema>;
export const CatalogueAreaSchema = Type.Object({
  area: Type.Union([Type.Literal('crm'), Type.Literal('oa'), Type.Literal('bi'), Type.Literal('system')]),
  title: Type.String(),
  groups: Type.Array(CatalogueGroupSchema),
});
export type CatalogueArea = Static<typeof CatalogueAreaSchema>;
export const RightsCatalogueReply = Envelope(Type.Array(CatalogueAreaSchema));

/** main/role/add and main/role/copy: the new role's id. */
export const RoleAddedSchema = Type.Object({ id: Type.Number() });
export type RoleAdded = Static<typeof RoleAddedSchema>;
export const RoleAddReply = Envelope(RoleAddedSchema);
/** main/role/delete: how many roles were deleted. */
export const RoleDeleteReply = Envelope(Type.Object({ deleted: Type.Number() }));
