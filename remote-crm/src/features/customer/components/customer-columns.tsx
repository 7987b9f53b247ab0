/** The customer list's columns (客户名称 … 下次跟进); empty values show '-'. Columns named after a customer-form field can be hidden per user. */
import { Tag, type TableColumnsType } from 'antd';
import { CLUE_DEAL_DONE, MESSAGES, clueLabel, formatDateTime } from '@portal/shared-core';
import type { Customer } from '../types';

const orDash = (value: string | null | undefined) => (value ? value : MESSAGES.empty);

export const customerColumns: TableColumnsType<Customer> = [
  { title: '客户名称', dataIndex: 'CustomerName', fixed: 'left', render: (name: string) => <a>{name}</a> },
  { title: '联系人', dataIndex: 'contact_name', render: orDash },
  { title: '手机号码', dataIndex: 'contact_mobile', render: orDash },
  // key: the form field the user's column choice (列设置) names.
  { title: '客户来源', dataIndex: 'LaiYuanName', key: 'LaiYuan', render: orDash },
  { title: '客户级别', dataIndex: 'level', render: orDash },
  { title: '所属行业', dataIndex: 'industry', render: orDash },
  { title: '负责人', dataIndex: 'UserName', render: orDash },
  {
    title: '成交状态',
    dataIndex: 'clue',
    render: (clue: number) => <Tag color={clue === CLUE_DEAL_DONE ? 'success' : 'default'}>{clueLabel(clue)}</Tag>,
  },
  { title: '创建时间', dataIndex: 'AddTime', render: formatDateTime },
  { title: '最后跟进', dataIndex: 'genjinTime', render: formatDateTime },
  { title: '下次跟进', dataIndex: 'nextgenjintime', render: formatDateTime },
];
