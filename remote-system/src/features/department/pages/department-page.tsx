/** 部门管理 (system/branch): the department tree with type, 负责人 and headcount; add (also under a node), edit/move and delete. */
import { useState } from 'react';
import { App, Button, Card, Empty, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useActionRights, type PageProps } from '@portal/shared-core';
import { useBranchTree, type BranchTreeNode } from '../../../lib/org-options';
import { useDeleteDepartments } from '../api/department-api';
import { DepartmentFormModal, type DepartmentTarget } from '../components/department-form-modal';

/** antd's tree table wants leaves without `children`. */
type Row = Omit<BranchTreeNode, 'children'> & { children?: Row[] };
const rowsOf = (nodes: readonly BranchTreeNode[]): Row[] =>
  nodes.map(({ children, ...n }) => (children && children.length > 0 ? { ...n, children: rowsOf(children) } : n));

export default function DepartmentPage(_props: PageProps) {
  const tree = useBranchTree();
  const rights = useActionRights('system', 'branch', ['create', 'edit', 'delete'] as const);
  const remove = useDeleteDepartments();
  const [target, setTarget] = useState<DepartmentTarget>(null);
  const { modal } = App.useApp();

  const columns: TableColumnsType<Row> = [
    { title: '部门名称', dataIndex: 'Name' },
    { title: '类型', dataIndex: 'attributes', width: 140, render: (a: number) => (a === 2 ? <Tag color="blue">部门</Tag> : <Tag>公司/分支机构</Tag>) },
    { title: '在职人数（含下级）', dataIndex: 'userCount', width: 160 },
    {
      title: '操作',
      key: 'actions',
      width: 220,
      render: (_, row) => (
        <Space>
          {rights.create ? <Typography.Link onClick={() => setTarget({ id: null, parentId: row.id })}>添加下级</Typography.Link> : null}
          {rights.edit ? <Typography.Link onClick={() => setTarget({ id: row.id, parentId: row.parent })}>编辑</Typography.Link> : null}
          {rights.delete ? (
            <Typography.Link
              type="danger"
              onClick={() => modal.confirm({ title: `删除「${row.Name}」`, content: '确定执行此操作, 是否继续?', onOk: () => remove.mutateAsync([row.id]) })}
            >
              删除
            </Typography.Link>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="部门管理"
      extra={
        rights.create ? (
          <Button type="primary" onClick={() => setTarget({ id: null, parentId: 0 })}>
            新建部门
          </Button>
        ) : null
      }
    >
      <Table<Row>
        // Expands everything once the tree has arrived (defaultExpandAllRows applies at mount).
        key={tree.data ? 'loaded' : 'loading'}
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rowsOf(tree.data ?? [])}
        loading={tree.isFetching}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        locale={{ emptyText: <Empty description={tree.isError ? '部门加载失败' : '暂无部门'} /> }}
      />
      <DepartmentFormModal target={target} onClose={() => setTarget(null)} />
    </Card>
  );
}
