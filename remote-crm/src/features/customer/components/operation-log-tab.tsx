/** 操作日志: every change of the customer (fields old → new, owners, pool, blacklist, follow-ups, contacts), 10 a page. */
import { useState } from 'react';
import { Avatar, List } from 'antd';
import { useOperationLogs } from '../hooks/use-customer-detail-tabs';

export function OperationLogTab({ customerId }: { customerId: number }) {
  const [page, setPage] = useState(1);
  const logs = useOperationLogs(customerId, page);
  return (
    <List
      loading={logs.isFetching}
      dataSource={logs.data?.rows ?? []}
      rowKey="id"
      locale={{ emptyText: '暂无操作日志' }}
      pagination={{ current: page, pageSize: 10, total: logs.data?.total ?? 0, onChange: setPage, size: 'small', hideOnSinglePage: true }}
      renderItem={(log) => (
        <List.Item>
          <List.Item.Meta
            avatar={<Avatar src={log.Header || undefined}>{log.NickName.slice(0, 1)}</Avatar>}
            title={`${log.NickName} ${log.AddTime}`}
            description={log.Ext}
          />
        </List.Item>
      )}
    />
  );
}
