/** 审批意见 (oa/approval/logs): decisions and comments (api/WorkFlowLog/Index); a row opens its approval. */
import { useState } from 'react';
import type { TableColumnsType } from 'antd';
import { DEFAULT_PAGE_SIZE } from '@portal/shared-core';
import { ListPage, useRouteListQuery } from '@portal/shared-ui';
import type { CommentLogRow } from '@portal/shared-contract';
import type { ApprovalQuery } from '../api/approval-types';
import { useCommentLog } from '../api/use-approval-queries';
import { ApprovalPanel } from '../components/approval-panel';

const INITIAL: ApprovalQuery = { page: 1, rows: DEFAULT_PAGE_SIZE, key: '' };

const columns: TableColumnsType<CommentLogRow> = [
  { title: '审批', dataIndex: 'taskName', ellipsis: true },
  { title: '节点', dataIndex: 'name', width: 120 },
  { title: '处理人', dataIndex: 'UserName', width: 100 },
  { title: '操作', dataIndex: 'status', width: 90 },
  { title: '意见', dataIndex: 'Ext', ellipsis: true },
  { title: '时间', dataIndex: 'AddTime', width: 150 },
];

export default function ApprovalLogsPage() {
  const { query, changeQuery, changePage } = useRouteListQuery(INITIAL);
  const list = useCommentLog(query);
  const [taskid, setTaskid] = useState<number | null>(null);
  return (
    <>
      <ListPage<CommentLogRow>
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
        searchPlaceholder="审批标题"
        onSearch={(key) => changeQuery({ key })}
        onRowClick={(row) => setTaskid(row.TaskID)}
      />
      <ApprovalPanel taskid={taskid} onClose={() => setTaskid(null)} />
    </>
  );
}
