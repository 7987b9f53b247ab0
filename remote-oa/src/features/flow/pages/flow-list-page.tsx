/**
 * 流程设置 (oa/flow): the flows with their bound form, version and use; enable/disable, copy, delete
 * (only flows never used), 新建流程 and a row click open the designer. Buttons follow the oa `flow`
 * action rights (create, edit, delete).
 */
import { useState, type Key } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Switch, Tag, type TableColumnsType } from 'antd';
import { DEFAULT_PAGE_SIZE, useActionRights } from '@portal/shared-core';
import { ListPage, useRouteListQuery, type SelectionAction } from '@portal/shared-ui';
import type { FlowRow } from '@portal/shared-contract';
import { changeFlowStatus, copyFlow, deleteFlows, useFlowCommand, useFlowList, type FlowQuery } from '../api/flow-api';

const INITIAL: FlowQuery = { page: 1, rows: DEFAULT_PAGE_SIZE, key: '' };

export default function FlowListPage() {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const rights = useActionRights('oa', 'flow', ['create', 'edit', 'delete'] as const);
  const { query, changeQuery, changePage } = useRouteListQuery(INITIAL);
  const list = useFlowList(query);
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const status = useFlowCommand(changeFlowStatus);
  const copy = useFlowCommand(copyFlow);
  const remove = useFlowCommand(deleteFlows);
  const columns: TableColumnsType<FlowRow> = [
    { title: '流程名称', dataIndex: 'name' },
    { title: '分类', dataIndex: 'category', width: 100 },
    { title: '绑定表单', dataIndex: 'formTitle', width: 120 },
    { title: '版本', dataIndex: 'version', width: 70, render: (v: number) => `v${v}` },
    { title: '使用次数', dataIndex: 'instances', width: 90 },
    { title: '更新时间', dataIndex: 'updateTime', width: 150 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: number, row) =>
        rights.edit ? (
          <span onClick={(e) => e.stopPropagation()}>
            <Switch
              size="small"
              checked={s === 1}
              checkedChildren="启用"
              unCheckedChildren="停用"
              onChange={(on) => status.mutate({ id: row.id, status: on ? 1 : 0 })}
            />
          </span>
        ) : (
          <Tag color={s === 1 ? 'green' : 'default'}>{s === 1 ? '启用' : '停用'}</Tag>
        ),
    },
  ];
  const actions: SelectionAction<FlowRow>[] = [
    { key: 'copy', label: '复制', mode: 'single', right: rights.create, onClick: ([key]) => copy.mutate(Number(key)) },
    {
      key: 'delete',
      label: '删除',
      mode: 'multi',
      danger: true,
      right: rights.delete,
      onClick: (keys) =>
        modal.confirm({
          title: '删除流程',
          content: '确定要删除吗？已被使用的流程不能删除，请停用。',
          onOk: () => remove.mutateAsync(keys.map(Number)).then(() => setSelectedKeys([])),
        }),
    },
  ];
  return (
    <ListPage<FlowRow>
      rowKey="id"
      columns={columns}
      rows={list.rows}
      total={list.total}
      loading={list.loading}
      error={list.error}
      page={query.page}
      pageSize={query.rows}
      onPageChange={changePage}
      searchKey={query.key}
      searchPlaceholder="流程名称"
      onSearch={(key) => changeQuery({ key })}
      createLabel="新建流程"
      onCreate={() => navigate('/oa/flow/view/0')}
      rights={{ create: rights.create }}
      selectedKeys={selectedKeys}
      onSelectionChange={setSelectedKeys}
      actions={actions}
      onRowClick={(row) => navigate(`/oa/flow/view/${row.id}`)}
    />
  );
}
