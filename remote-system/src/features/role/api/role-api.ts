/** 角色管理 calls (main/role/*). */
import type { FieldMaskModule, RoleFieldMasks } from '@portal/shared-contract';
import { api, type PermissionTree } from '@portal/shared-core';
import type { CatalogueAction, CatalogueArea, CatalogueGroup, CataloguePage, DataScope, RoleAdded, RoleDetail, RoleRow } from '@portal/shared-contract';

export type { CatalogueAction, CatalogueArea, CatalogueGroup, CataloguePage, DataScope, RoleDetail, RoleRow };

/** The data scopes in the order the editor offers them. */
export const DATA_SCOPE_NAMES: Readonly<Record<DataScope, string>> = {
  all: '全部数据',
  department: '本部门及下级部门',
  branch: '本部门',
  own: '本人的（负责或参与的）',
};

export type RoleQuery = { page: number; rows: number; key: string };

export type RoleForm = { name: string; remark: string; dataScope: DataScope; rights: Partial<PermissionTree> };

export const listRoles = (query: RoleQuery) => api.list<RoleRow>('main/role/index', query, { silent: true });
export const fetchRole = (id: number) => api.fetch<RoleDetail>('main/role/detail', { id });
export const fetchCatalogue = () => api.fetch<CatalogueArea[]>('main/role/rights');
export const addRole = (form: RoleForm) => api.command<RoleAdded>('main/role/add', { ...form, rights: JSON.stringify(form.rights) });
export const editRole = (id: number, version: number, form: RoleForm) =>
  api.command('main/role/edit', { id, version, ...form, rights: JSON.stringify(form.rights) });
export const copyRole = (id: number) => api.command<RoleAdded>('main/role/copy', { id });
export const deleteRoles = (ids: readonly number[]) => api.command('main/role/delete', { ids: ids.join(',') });

/** 字段权限: a field is visible (no rule), masked (脱敏) or hidden (隐藏) for the role's holders; enforced on the server. */
export type FieldMaskMode = 'visible' | 'mask' | 'hidden';
export type { FieldMaskModule, RoleFieldMasks };

export const fetchFieldMasks = (roleId: number) => api.fetch<RoleFieldMasks>('main/role/fieldMasks', { roleId });
export const saveFieldMasks = (roleId: number, module: string, rules: { field: string; mode: FieldMaskMode }[]) =>
  api.command('main/role/saveFieldMasks', { roleId, module, rules: JSON.stringify(rules) });
