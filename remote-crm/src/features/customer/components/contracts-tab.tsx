/**
 * 合同: the customer's contracts (number, title, amount, status, sign date) from api/contract/index
 * {customerId}, which keeps the contract list's rights and data scope; 10 a page. 打印 on a row fills
 * the enabled 合同 print template from the contract's details (api/contract/Views, read on the click),
 * so a printout shows what the server lets the user see (字段权限: a masked amount prints as ****).
 */
import type { ContractRow } from '@portal/shared-contract';
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import { api, contractKeys } from '@portal/shared-core';
import { contractPrintValues, PrintRecordButton, type ContractPrintSource } from '@portal/shared-ui';

const STATUS: Readonly<Record<number, { text: string; color: string }>> = {
  0: { text: '待审', color: 'default' },
  1: { text: '审核中', color: 'processing' },
  2: { text: '通过', color: 'success' },
  3: { text: '未通过', color: 'error' },
};

/** `Money`: yuan; '****' when 字段权限 masks 合同金额 for the user, absent when it hides it. */
const money = (yuan: ContractRow['Money']) =>
  typeof yuan === 'number' ? `¥${yuan.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}` : (yuan ?? '—');

function PrintContract({ row }: { row: ContractRow }) {
  const queryClient = useQueryClient();
  const load = async () => {
    const detail = await queryClient.fetchQuery({
      queryKey: contractKeys.detail(row.id),
      queryFn: () => api.fetch<ContractPrintSource>('api/contract/Views', { id: row.id }),
    });
    return { values: contractPrintValues(detail) };
  };
  return <PrintRecordButton module="contract" title={`合同 ${row.orderSn}`} size="small" load={load} />;
}

export function ContractsTab({ customerId }: { customerId: number }) {
  const [page, setPage] = useState(1);
  const query = { customerId, page, rows: 10 };
  const contracts = useQuery({
    queryKey: contractKeys.list(query),
    queryFn: () => api.list<ContractRow>('api/contract/index', query, { silent: true }),
    placeholderData: keepPreviousData,
  });
  return (
    <Table<ContractRow>
      size="small"
      rowKey="id"
      loading={contracts.isFetching}
      dataSource={contracts.data?.rows ?? []}
      locale={{ emptyText: '暂无合同' }}
      pagination={{ current: page, pageSize: 10, total: contracts.data?.total ?? 0, onChange: setPage, size: 'small', hideOnSinglePage: true }}
      columns={[
        { key: 'orderSn', title: '合同编号', dataIndex: 'orderSn' },
        { key: 'title', title: '合同名称', dataIndex: 'title' },
        { key: 'Money', title: '合同金额', dataIndex: 'Money', align: 'right', render: (v: ContractRow['Money']) => money(v) },
        { key: 'status', title: '状态', dataIndex: 'status', render: (v: number) => <Tag color={STATUS[v]?.color}>{STATUS[v]?.text ?? v}</Tag> },
        { key: 'signDate', title: '签约日期', dataIndex: 'signDate', render: (v: string) => v || '—' },
        { key: 'print', title: '操作', width: 90, render: (_: unknown, row: ContractRow) => <PrintContract row={row} /> },
      ]}
    />
  );
}
