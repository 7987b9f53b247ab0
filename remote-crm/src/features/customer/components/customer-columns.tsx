/** The customer lists' columns, one library keyed as the view definitions name them (views.ts); empty values show '-'. Columns named after a customer-form field can be hidden per user. */
import { Badge, Tag, type TableColumnsType } from 'antd';
import { CLUE_DEAL_DONE, MESSAGES, clueLabel, formatDateTime } from '@portal/shared-core';
import { NextFollowUpTime } from '@portal/shared-ui';
import type { Customer } from '../types';
import type { ColumnKey } from '@portal/shared-contract/customer-views';

const orDash = (value: string | null | undefined) => (value ? value : MESSAGES.empty);
type Column = TableColumnsType<Customer>[number];

/** Days until the customer returns to the pool: red within 3 days, '-' when exempt (deal, lock). */
export function recycleLabel(days: number | null | undefined): string {
  if (days === null || days === undefined) return MESSAGES.empty;
  return days <= 0 ? '即将收回' : `${days}天`;
}

const LIBRARY: Record<ColumnKey, Column> = {
  CustomerName: {
    title: '客户名称',
    dataIndex: 'CustomerName',
    fixed: 'left',
    render: (name: string, row) => (
      <span>
        {row.isTop ? <Tag color="gold">顶</Tag> : null}
        <a>{name}</a>
        {row.unseen ? <Badge status="processing" text="未查看" style={{ marginLeft: 8 }} /> : null}
      </span>
    ),
  },
  contact_name: { title: '联系人', dataIndex: 'contact_name', render: orDash },
  contact_mobile: { title: '手机号码', dataIndex: 'contact_mobile', render: orDash },
  // key: the form field the user's column choice (列设置) names.
  LaiYuanName: { title: '客户来源', dataIndex: 'LaiYuanName', key: 'LaiYuan', render: orDash },
  level: { title: '客户级别', dataIndex: 'level', render: orDash },
  industry: { title: '所属行业', dataIndex: 'industry', render: orDash },
  UserName: { title: '负责人', dataIndex: 'UserName', render: orDash },
  BranchName: { title: '所属部门', dataIndex: 'BranchName', render: orDash },
  clue: {
    title: '成交状态',
    dataIndex: 'clue',
    render: (clue: number) => <Tag color={clue === CLUE_DEAL_DONE ? 'success' : 'default'}>{clueLabel(clue)}</Tag>,
  },
  AddTime: { title: '创建时间', dataIndex: 'AddTime', render: formatDateTime },
  UpdateTime: { title: '更新时间', dataIndex: 'UpdateTime', render: formatDateTime },
  genjinTime: { title: '最后跟进', dataIndex: 'genjinTime', render: formatDateTime },
  // 已逾期 beside a time that has passed (issue #31).
  nextgenjintime: { title: '下次跟进', dataIndex: 'nextgenjintime', render: (value: string | null) => <NextFollowUpTime value={value} /> },
  recycleDays: {
    title: '距进入公海',
    dataIndex: 'recycleDays',
    render: (days: number | null) => <span style={days !== null && days <= 3 ? { color: '#cf1322' } : undefined}>{recycleLabel(days)}</span>,
  },
  poolDays: {
    title: '进入公海天数',
    dataIndex: 'poolDays',
    render: (days: number | null) => (days === null || days === undefined ? MESSAGES.empty : `${days}天`),
  },
  previousOwner: { title: '原负责人', dataIndex: 'previousOwner', render: orDash },
  poolReason: { title: '进入公海原因', dataIndex: 'poolReason', render: orDash },
  blackReason: { title: '黑名单原因', dataIndex: 'blackReason', render: orDash },
  assignedBy: { title: '分配人', dataIndex: 'assignedBy', render: orDash },
  assignedAt: { title: '分配时间', dataIndex: 'assignedAt', render: formatDateTime },
  closeReason: { title: '关闭原因', dataIndex: 'closeReason', render: (reason: string) => (reason ? <Tag>{reason}</Tag> : MESSAGES.empty) },
  ownedAt: { title: '成为我的客户', dataIndex: 'ownedAt', render: formatDateTime },
};

export function columnsOf(keys: readonly ColumnKey[]): TableColumnsType<Customer> {
  return keys.map((key) => LIBRARY[key]);
}

/** 我的客户's columns (the default list). */
export const customerColumns: TableColumnsType<Customer> = columnsOf([
  'CustomerName',
  'contact_name',
  'contact_mobile',
  'LaiYuanName',
  'level',
  'industry',
  'UserName',
  'clue',
  'AddTime',
  'genjinTime',
  'nextgenjintime',
]);
