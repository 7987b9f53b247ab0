/**
 * 员工管理 (system/user): staff 20 a page, searchable by name, account or mobile, filtered by
 * department (with those below it) and 在职/离职; create, edit, 离职/复职, reset password, 外呼 and
 * delete (only people without records); 更多 → 批量导入 (.xlsx, with the 新建员工 right), whose generated
 * initial passwords are shown once on its last step.
 */
import { useState } from 'react';
import { App, Avatar, Tag, Typography, type TableColumnsType } from 'antd';
import { useActionRights, useDataChange, type PageProps } from '@portal/shared-core';
import { ListPage, useListQuery, type BatchConfig, type DepartmentChoice } from '@portal/shared-ui';
import { STAFF_IMPORT_ENDPOINTS, STAFF_IMPORT_TEMPLATE, type StaffQuery, type StaffRow } from '../api/staff-api';
import { useDeleteStaff, useResetPassword, useSetQuit, useStaffList, useToggleCall } from '../api/use-staff';
import { GeneratedPasswords } from '../components/generated-passwords';
import { StaffFormDrawer } from '../components/staff-form-drawer';

type Scene = 'all' | 'employed' | 'departed';
const SCENES: { value: Scene; label: string }[] = [
  { value: 'employed', label: '在职' },
  { value: 'departed', label: '离职' },
  { value: 'all', label: '全部' },
];
const QUIT_OF: Record<Scene, StaffQuery['QuitStatus']> = { all: '', employed: 0, departed: 1 };

const INITIAL_QUERY: StaffQuery = { page: 1, rows: 20, key: '', BranchID: 0, QuitStatus: 0 };

const columns: TableColumnsType<StaffRow> = [
  {
    title: '姓名',
    dataIndex: 'NickName',
    width: 150,
    render: (name: string, r) => (
      <>
        <Avatar size="small" src={r.Header || undefined}>
          {name.slice(0, 1)}
        </Avatar>{' '}
        {name}
      </>
    ),
  },
  { title: '账号', dataIndex: 'UserName', width: 130 },
  { title: '手机号', dataIndex: 'mobile', width: 130 },
  { title: '部门', dataIndex: 'BranchName', width: 130 },
  { title: '角色', dataIndex: 'rolename', width: 120 },
  { title: '上级', dataIndex: 'superiorName', width: 100 },
  { title: '职位', dataIndex: 'jobTitle', width: 110 },
  { title: '外呼', dataIndex: 'callEnabled', width: 80, render: (on: number) => (on === 1 ? '开启' : '关闭') },
  { title: '状态', dataIndex: 'QuitStatus', width: 80, render: (q: number) => (q === 0 ? <Tag color="green">在职</Tag> : <Tag>离职</Tag>) },
];

export default function StaffListPage(_props: PageProps) {
  const { query, changeQuery, changePage } = useListQuery(INITIAL_QUERY);
  const list = useStaffList(query);
  const rights = useActionRights('system', 'user', ['create', 'edit', 'delete'] as const);
  const [selected, setSelected] = useState<number[]>([]);
  const [department, setDepartment] = useState<DepartmentChoice | undefined>();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const quit = useSetQuit();
  const remove = useDeleteStaff();
  const reset = useResetPassword();
  const call = useToggleCall();
  const { modal } = App.useApp();
  const changed = useDataChange();
  const batch: BatchConfig = {
    endpoints: STAFF_IMPORT_ENDPOINTS,
    importTitle: '批量导入员工',
    importTemplate: STAFF_IMPORT_TEMPLATE,
    // The server's limit (user-import.ts): each row costs a password hash.
    importMaxRows: 1000,
    onImported: () => void changed({ type: 'organisation-changed' }),
    renderImportResult: (result) => <GeneratedPasswords result={result} />,
  };
  const scene: Scene = query.QuitStatus === '' ? 'all' : query.QuitStatus === 0 ? 'employed' : 'departed';

  const confirm = (title: string, content: string, onOk: () => Promise<unknown>) =>
    modal.confirm({ title, content, onOk: () => onOk().then(() => setSelected([])) });
  const rowOf = (id: number) => list.rows.find((r) => r.id === id);

  return (
    <>
      <ListPage<StaffRow, Scene>
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
        searchPlaceholder="姓名/账号/手机号"
        onSearch={(key) => changeQuery({ key })}
        scenes={SCENES}
        scene={scene}
        onSceneChange={(s) => changeQuery({ QuitStatus: QUIT_OF[s] })}
        department={{
          value: department,
          onChange: (d) => {
            setDepartment(d);
            changeQuery({ BranchID: d?.id ?? 0 });
          },
        }}
        createLabel="新建员工"
        onCreate={() => setEditing('new')}
        batch={batch}
        rights={{ create: rights.create, import: rights.create }}
        selectedKeys={selected}
        onSelectionChange={(keys) => setSelected(keys.map(Number))}
        onRowClick={(row) => (rights.edit ? setEditing(row.id) : undefined)}
        actions={[
          { key: 'edit', label: '编辑', mode: 'single', right: rights.edit, onClick: (keys) => setEditing(Number(keys[0])) },
          {
            key: 'quit',
            label: '离职/复职',
            mode: 'single',
            right: rights.edit,
            onClick: (keys) => {
              const row = rowOf(Number(keys[0]));
              if (!row) return;
              const leaving = row.QuitStatus === 0;
              confirm(
                leaving ? `将${row.NickName}设为离职` : `${row.NickName}复职`,
                leaving ? '离职后立即下线且不能再登录，其客户归入离职员工客户。确定执行此操作, 是否继续?' : '复职后可以用原密码登录。确定执行此操作, 是否继续?',
                () => quit.mutateAsync({ id: row.id, quit: leaving }),
              );
            },
          },
          {
            key: 'reset',
            label: '重置密码',
            mode: 'single',
            right: rights.edit,
            onClick: (keys) =>
              confirm('重置密码', '将生成新密码并使其下线。确定执行此操作, 是否继续?', async () => {
                const reply = await reset.mutateAsync(Number(keys[0]));
                const password = (reply.data as { password?: string } | undefined)?.password ?? '';
                modal.info({
                  title: '新密码',
                  content: (
                    <>
                      新密码：
                      <Typography.Text copyable strong>
                        {password}
                      </Typography.Text>
                      （只显示这一次）
                    </>
                  ),
                });
              }),
          },
          { key: 'call', label: '开启/关闭外呼', mode: 'single', right: rights.edit, onClick: (keys) => call.mutate(Number(keys[0])) },
          {
            key: 'delete',
            label: '删除',
            mode: 'multi',
            danger: true,
            right: rights.delete,
            onClick: (keys) => confirm('删除员工', '只能删除没有任何业务记录的员工。确定执行此操作, 是否继续?', () => remove.mutateAsync(keys.map(Number))),
          },
        ]}
      />
      <StaffFormDrawer target={editing} onClose={() => setEditing(null)} />
    </>
  );
}
