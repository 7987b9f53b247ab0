/** 角色管理 (system/role): the roles with their data scope and holders; create, edit (rights), copy and delete. */
import { useState } from 'react';
import { App, Tag, type TableColumnsType } from 'antd';
import { useActionRights, type PageProps } from '@portal/shared-core';
import { ListPage, useListQuery } from '@portal/shared-ui';
import { DATA_SCOPE_NAMES, type RoleQuery, type RoleRow } from '../api/role-api';
import { useCopyRole, useDeleteRoles, useRoleList } from '../api/use-roles';
import { RoleEditorDrawer } from '../components/role-editor-drawer';
import { FieldMaskEditor } from '../components/field-mask-editor';

const INITIAL_QUERY: RoleQuery = { page: 1, rows: 20, key: '' };

const columns: TableColumnsType<RoleRow> = [
  {
    title: '角色名称',
    dataIndex: 'name',
    width: 180,
    render: (name: string, r) =>
      r.builtIn === 1 ? (
        <>
          {name} <Tag color="gold">内置</Tag>
        </>
      ) : (
        name
      ),
  },
  { title: '数据范围', dataIndex: 'dataScope', width: 180, render: (scope: RoleRow['dataScope']) => DATA_SCOPE_NAMES[scope] },
  { title: '在职人数', dataIndex: 'userCount', width: 100 },
  { title: '备注', dataIndex: 'remark', width: 240 },
  { title: '修改时间', dataIndex: 'updatedAt', width: 170 },
];

export default function RoleListPage(_props: PageProps) {
  const { query, changeQuery, changePage } = useListQuery(INITIAL_QUERY);
  const list = useRoleList(query);
  const rights = useActionRights('system', 'role', ['create', 'edit', 'delete'] as const);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [masking, setMasking] = useState<number | null>(null);
  const copy = useCopyRole();
  const remove = useDeleteRoles();
  const { modal } = App.useApp();

  function handleDelete(ids: number[]) {
    modal.confirm({
      title: '删除角色',
      content: '确定执行此操作, 是否继续?',
      onOk: () => remove.mutateAsync(ids).then(() => setSelected([])),
    });
  }

  return (
    <>
      <ListPage<RoleRow>
        rowKey="id"
        columns={columns}
        rows={list.rows}
        total={list.total}
        loading={list.loading}
        error={list.error}
        page={query.page}
        pageSize={query.rows}
        pageSizeSet="large"
        onPageChange={changePage}
        searchKey={query.key}
        searchPlaceholder="角色名称/备注"
        onSearch={(key) => changeQuery({ key })}
        createLabel="新建角色"
        onCreate={() => setEditing('new')}
        rights={{ create: rights.create }}
        selectedKeys={selected}
        onSelectionChange={(keys) => setSelected(keys.map(Number))}
        onRowClick={(row) => (rights.edit ? setEditing(row.id) : undefined)}
        actions={[
          { key: 'edit', label: '编辑权限', mode: 'single', right: rights.edit, onClick: (keys) => setEditing(Number(keys[0])) },
          { key: 'fieldMasks', label: '字段权限', mode: 'single', right: rights.edit, onClick: (keys) => setMasking(Number(keys[0])) },
          { key: 'copy', label: '复制', mode: 'single', right: rights.create, onClick: (keys) => copy.mutate(Number(keys[0])) },
          { key: 'delete', label: '删除', mode: 'multi', danger: true, right: rights.delete, onClick: (keys) => handleDelete(keys.map(Number)) },
        ]}
      />
      <RoleEditorDrawer target={editing} onClose={() => setEditing(null)} />
      <FieldMaskEditor roleId={masking} onClose={() => setMasking(null)} canEdit={rights.edit} />
    </>
  );
}
