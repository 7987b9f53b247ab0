/** 审批统计 (oa/approval/approval): per flow and per approver, for a date range (api/WorkFlow/statistics). */
import { useState } from 'react';
import { Card, DatePicker, Space, Table } from 'antd';
import { useApprovalStatistics } from '../api/use-approval-queries';

export default function ApprovalStatisticsPage() {
  const [range, setRange] = useState<{ start?: string; end?: string }>({});
  const { data, isFetching } = useApprovalStatistics(range);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <DatePicker.RangePicker onChange={(r) => setRange({ start: r?.[0]?.format('YYYY-MM-DD'), end: r?.[1]?.format('YYYY-MM-DD') })} />
      <Card title="按流程" size="small">
        <Table
          rowKey="id"
          size="small"
          loading={isFetching}
          pagination={false}
          dataSource={data?.flows ?? []}
          columns={[
            { title: '流程', dataIndex: 'name' },
            { title: '提交', dataIndex: 'submitted' },
            { title: '通过', dataIndex: 'passed' },
            { title: '未通过', dataIndex: 'refused' },
            { title: '进行中', dataIndex: 'running' },
          ]}
        />
      </Card>
      <Card title="按审批人" size="small">
        <Table
          rowKey="userid"
          size="small"
          loading={isFetching}
          pagination={false}
          dataSource={data?.people ?? []}
          columns={[
            { title: '审批人', dataIndex: 'name' },
            { title: '已处理', dataIndex: 'decided' },
            { title: '同意', dataIndex: 'approved' },
            { title: '退回/不同意', dataIndex: 'refused' },
            { title: '待处理', dataIndex: 'open' },
            { title: '已超时', dataIndex: 'overdue' },
            { title: '平均用时(小时)', dataIndex: 'avgHours' },
            { title: '最长用时(小时)', dataIndex: 'maxHours' },
          ]}
        />
      </Card>
    </Space>
  );
}
