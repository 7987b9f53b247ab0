/**
 * 进件管理 (crm signorentry/entry): the intakes in the user's data scope (number, customer, amount,
 * date, status, submitter), searchable by number or customer and filtered by status; 新建进件 opens
 * the 新建进件 page (signorentry/entry/0, intake-new-page.tsx: the `intake` work form); each row
 * opens its details with the approval's progress, and prints with the enabled 进件 template.
 * 进件审核 (signorentry/entryshenpi) is the same list of the intakes waiting for the user's decision
 * (`todo`), each with a link to its approval in the OA area's 待我审批 panel, where decisions are made
 * (the OA remote's panel cannot be imported here).
 */
import { useState } from 'react';
import { Button, Card, Flex, Input, Select, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { hasPermission, useActionRights, useSessionStore, type PageProps } from '@portal/shared-core';
import { useIntakeList, type IntakeRow } from '../api/intake-api';
import { IntakeDetailDrawer, StatusTag } from '../components/intake-detail-drawer';
import { formatMoney } from '../components/intake-format';
import { IntakePrintButton } from '../components/intake-print-button';
import { newIntakePath } from '../../../lib/intake-paths';

const PAGE_SIZE = 10;
const STATUS_OPTIONS = [
  { value: '', label: '全部状态' },
  { value: '0', label: '待审' },
  { value: '1', label: '审核中' },
  { value: '2', label: '通过' },
  { value: '3', label: '未通过' },
];

export default function IntakeListPage(_props: PageProps) {
  return <IntakeList />;
}

/** `review`: 进件审核 — only the intakes waiting for the user's decision; no 新建进件. */
export function IntakeList({ review = false }: { review?: boolean }) {
  const navigate = useNavigate();
  const rights = useActionRights('crm', 'signorentry/entry', ['create'] as const);
  const opensTodo = useSessionStore((s) => hasPermission(s.permissions, { type: 'oa', subType: 'approval/todo' }));
  const [page, setPage] = useState(1);
  const [key, setKey] = useState('');
  const [status, setStatus] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useIntakeList({ page, rows: PAGE_SIZE, key, status, ...(review ? { todo: 1 } : {}) });

  return (
    <Card title={review ? '进件审核' : '进件管理'}>
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap>
          <Input.Search
            allowClear
            placeholder="进件编号、客户名称"
            style={{ width: 240 }}
            onSearch={(value) => {
              setKey(value.trim());
              setPage(1);
            }}
          />
          <Select
            aria-label="审批状态"
            style={{ width: 120 }}
            value={status}
            options={STATUS_OPTIONS}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
          />
        </Flex>
        {rights.create && !review ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(newIntakePath())}>
            新建进件
          </Button>
        ) : null}
      </Flex>
      <Table<IntakeRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        locale={{ emptyText: '暂无进件' }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showTotal: (total) => `共 ${total} 条` }}
        columns={[
          {
            key: 'entrySn',
            title: '进件编号',
            dataIndex: 'entrySn',
            render: (v: string, row) => (
              <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpenId(row.id)}>
                {v}
              </Button>
            ),
          },
          { key: 'customerName', title: '客户', dataIndex: 'customerName' },
          { key: 'Money', title: '进件金额', dataIndex: 'Money', align: 'right', render: (v: string) => formatMoney(v) },
          { key: 'riqi', title: '进件日期', dataIndex: 'riqi' },
          { key: 'status', title: '状态', dataIndex: 'status', render: (v: number, row) => <StatusTag status={v} text={row.statusText} /> },
          { key: 'UserName', title: '提交人', dataIndex: 'UserName' },
          { key: 'AddTime', title: '提交时间', dataIndex: 'AddTime' },
          {
            key: 'actions',
            title: '操作',
            width: review ? 210 : 150,
            render: (_: unknown, row) => (
              <Flex gap={4}>
                <Button size="small" onClick={() => setOpenId(row.id)}>
                  详情
                </Button>
                <IntakePrintButton row={row} />
                {review && opensTodo && row.taskid > 0 ? (
                  <Link to={`/oa/approval/todo?taskid=${row.taskid}`}>
                    <Button size="small" type="primary">
                      审批
                    </Button>
                  </Link>
                ) : null}
              </Flex>
            ),
          },
        ]}
      />
      <IntakeDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
