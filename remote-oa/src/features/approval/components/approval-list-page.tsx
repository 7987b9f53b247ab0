/**
 * The one list page behind 待我审批, 我已审批, 我发起的, 抄送我的, 下属审批 and 全部审批: the shared
 * ListPage with a title search, filters by flow, submitter and date, status tags (0 orange, 1 blue,
 * 2 green, 3 red), and the approval panel opened by a row click or by `?taskid=` in the URL (links
 * from a notification or another page).
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DatePicker, Select, Space, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { DEFAULT_PAGE_SIZE } from '@portal/shared-core';
import { ListPage, UserPicker, useRouteListQuery } from '@portal/shared-ui';
import type { ApprovalRow } from '@portal/shared-contract';
import type { ApprovalQuery, ListKind } from '../api/approval-types';
import { useApprovalList } from '../api/use-approval-queries';
import { useFlowOptions } from '../api/use-flow-options';
import { ApprovalPanel, statusTag } from './approval-panel';

const INITIAL: ApprovalQuery = { page: 1, rows: DEFAULT_PAGE_SIZE, key: '' };

const STEP_TEXT: Record<number, string> = { 0: '待接收', 1: '已接收', 2: '处理中', 3: '已完成', 4: '未通过' };

export function approvalColumns(kind: ListKind): TableColumnsType<ApprovalRow> {
  const cols: TableColumnsType<ApprovalRow> = [
    { title: '审批标题', dataIndex: 'taskName', ellipsis: true },
    { title: '流程', dataIndex: 'flowName', width: 120 },
    { title: '发起人', dataIndex: 'UserName', width: 100 },
    { title: kind === 'todo' || kind === 'completed' ? '审批节点' : '当前节点', dataIndex: 'StepName', width: 120 },
    { title: '当前处理人', dataIndex: 'handlers', width: 140, render: (v: string) => v || '-' },
    { title: '提交时间', dataIndex: 'AddTime', width: 150 },
  ];
  if (kind === 'todo' || kind === 'completed') cols.push({ title: '我的步骤', dataIndex: 'Status', width: 90, render: (s: number) => STEP_TEXT[s] ?? '-' });
  if (kind === 'completed') cols.push({ title: '处理时间', dataIndex: 'decidedAt', width: 150 });
  cols.push({ title: '审批状态', dataIndex: 'recordStatus', width: 100, render: (s: number) => statusTag(s) });
  return cols;
}

export function ApprovalListPage({ kind }: { kind: ListKind }) {
  const { query, changeQuery, changePage } = useRouteListQuery(INITIAL);
  const list = useApprovalList(kind, query);
  const flows = useFlowOptions();
  const [params, setParams] = useSearchParams();
  const taskid = Number(params.get('taskid')) || null;
  const [statusOverride, setStatusOverride] = useState<Record<number, number>>({});
  const openTask = (id: number | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id === null) next.delete('taskid');
      else next.set('taskid', String(id));
      return next;
    });
  const rows = list.rows.map((r) => (statusOverride[r.id] !== undefined ? { ...r, Status: statusOverride[r.id] } : r));
  const withSubmitter = kind === 'sub' || kind === 'all' || kind === 'todo' || kind === 'completed' || kind === 'myCc';
  const [submitter, setSubmitter] = useState<{ userid: number; username: string; header: string }[]>([]);
  return (
    <>
      <ListPage<ApprovalRow>
        rowKey="id"
        columns={approvalColumns(kind)}
        rows={rows}
        total={list.total}
        loading={list.loading}
        error={list.error}
        page={query.page}
        pageSize={query.rows}
        onPageChange={changePage}
        searchKey={query.key}
        searchPlaceholder="审批标题"
        onSearch={(key) => changeQuery({ key })}
        filters={
          <Space wrap>
            <Select
              allowClear
              placeholder="全部流程"
              style={{ width: 160 }}
              value={query.flowId}
              options={flows.map((f) => ({ label: f.name, value: f.id }))}
              onChange={(flowId: number | undefined) => changeQuery({ flowId })}
              aria-label="流程"
            />
            {withSubmitter ? (
              <UserPicker
                max={1}
                buttonText={submitter[0] ? `发起人：${submitter[0].username}` : '发起人'}
                value={submitter}
                onChange={(users) => {
                  setSubmitter(users);
                  changeQuery({ userid: users[0]?.userid });
                }}
              />
            ) : null}
            <DatePicker.RangePicker
              value={query.start && query.end ? [dayjs(query.start), dayjs(query.end)] : null}
              onChange={(range) => changeQuery({ start: range?.[0]?.format('YYYY-MM-DD'), end: range?.[1]?.format('YYYY-MM-DD') })}
            />
          </Space>
        }
        onRowClick={(row) => openTask(row.TaskID)}
      />
      <ApprovalPanel
        taskid={taskid}
        onClose={() => openTask(null)}
        onStatus={(status) => {
          const row = list.rows.find((r) => r.TaskID === taskid);
          if (row && status !== undefined) setStatusOverride((o) => ({ ...o, [row.id]: status }));
        }}
      />
    </>
  );
}
