/** 登录记录 (system/Loglos): logins and failed attempts within the viewer's data scope, newest first. */
import { useState } from 'react';
import { DatePicker, Select, Tag, Tooltip, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import type { PageProps } from '@portal/shared-core';
import { ListPage, useListQuery, type DepartmentChoice } from '@portal/shared-ui';
import { StaffSelect } from '../../../lib/staff-select';
import { useLoginRecords, type LoginRecord, type LoginRecordQuery } from '../api/login-records-api';

const INITIAL_QUERY: LoginRecordQuery = { page: 1, rows: 20, userId: 0, BranchID: 0, start: '', end: '', success: '' };

const columns: TableColumnsType<LoginRecord> = [
  { title: '时间', dataIndex: 'Date', width: 170 },
  { title: '账号', dataIndex: 'UserName', width: 130 },
  { title: '姓名', dataIndex: 'NickName', width: 110 },
  { title: '部门', dataIndex: 'BranchName', width: 120 },
  { title: 'IP', dataIndex: 'IP', width: 140 },
  { title: '浏览器', dataIndex: 'browser', width: 130, render: (b: string, r) => <Tooltip title={r.Ua}>{b || '-'}</Tooltip> },
  { title: '结果', dataIndex: 'success', width: 90, render: (s: number) => (s === 1 ? <Tag color="green">成功</Tag> : <Tag color="red">失败</Tag>) },
];

export default function LoginRecordsPage(_props: PageProps) {
  const { query, changeQuery, changePage } = useListQuery(INITIAL_QUERY);
  const list = useLoginRecords(query);
  const [department, setDepartment] = useState<DepartmentChoice | undefined>();

  function handleDates(range: [Dayjs | null, Dayjs | null] | null) {
    changeQuery({ start: range?.[0]?.format('YYYY-MM-DD') ?? '', end: range?.[1]?.format('YYYY-MM-DD') ?? '' });
  }

  return (
    <ListPage<LoginRecord>
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
      department={{
        value: department,
        onChange: (d) => {
          setDepartment(d);
          changeQuery({ BranchID: d?.id ?? 0 });
        },
      }}
      filters={
        <>
          <div style={{ width: 180 }}>
            <StaffSelect value={query.userId} onChange={(userId) => changeQuery({ userId })} placeholder="员工" />
          </div>
          <DatePicker.RangePicker onChange={(range) => handleDates(range)} placeholder={['开始日期', '结束日期']} />
          <Select<LoginRecordQuery['success']>
            style={{ width: 110 }}
            value={query.success}
            onChange={(success) => changeQuery({ success })}
            options={[
              { value: '', label: '全部结果' },
              { value: 1, label: '成功' },
              { value: 0, label: '失败' },
            ]}
          />
        </>
      }
    />
  );
}
