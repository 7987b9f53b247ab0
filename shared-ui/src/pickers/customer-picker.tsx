/**
 * The customer picker of spec §2.6, titled 线索管理: the customer list (search by name, phone,
 * WeChat or QQ; scenes; business type; four sort orders; entered in the last 7/30/90 days) with a
 * 选择 button per row, and a detail side panel opened by clicking a row.
 */
import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Modal, Radio, Select, Spin, type TableColumnsType } from 'antd';
import { clueLabel, CUSTOMER_QUICK_DAYS, customerKeys, DEFAULT_PAGE_SIZE } from '@portal/shared-core';
import { DetailView } from '../detail-view/detail-view';
import { ListPage, type ListOption } from '../list-page/list-page';
import { usePagedList } from '../list-page/use-paged-list';
import { fetchCustomer, listCustomers } from './directory-api';
import type { CustomerDealState, CustomerPickerQuery, CustomerRecord, CustomerScene, CustomerSortField } from './directory-types';
import { NextFollowUpTime } from '../widgets/next-follow-up-time';

export type CustomerPickerProps = {
  open: boolean;
  onSelect: (customer: CustomerRecord) => void;
  onClose: () => void;
};

const SCENES: ListOption<CustomerScene>[] = [
  { value: 'all', label: '全部客户' },
  { value: 'mine', label: '我的客户' },
  { value: 'participating', label: '我参与的' },
  { value: 'subordinates', label: '下属客户' },
];

const SORTS: ListOption<CustomerSortField>[] = [
  { value: 'AddTime', label: '创建时间' },
  { value: 'UpdateTime', label: '更新时间' },
  { value: 'genjinTime', label: '最后跟进时间' },
  { value: 'nextgenjintime', label: '下次跟进时间' },
];

/** Business type: whether a deal was done (the list's `clue` filter). */
const DEAL_STATES: { value: CustomerDealState; label: string }[] = [
  { value: 1, label: '未成交' },
  { value: 2, label: '已成交' },
];

const ANY_TIME = 0;

const INITIAL_QUERY: CustomerPickerQuery = {
  page: 1,
  rows: DEFAULT_PAGE_SIZE,
  key: '',
  scene: 'all',
  sort: 'AddTime',
  order: 'desc',
  filters: {},
};

export function CustomerPicker({ open, onSelect, onClose }: CustomerPickerProps) {
  return (
    <Modal open={open} title="线索管理" width={1100} onCancel={onClose} footer={null} destroyOnHidden>
      {open ? <CustomerPickerList onSelect={onSelect} /> : null}
    </Modal>
  );
}

function CustomerPickerList({ onSelect }: { onSelect: (customer: CustomerRecord) => void }) {
  const [query, setQuery] = useState<CustomerPickerQuery>(INITIAL_QUERY);
  const [detailId, setDetailId] = useState<number | null>(null);
  const customers = usePagedList(customerKeys.lists(), listCustomers, query);
  const closeDetail = useCallback(() => setDetailId(null), []);
  const change = (patch: Partial<CustomerPickerQuery>) => setQuery((q) => ({ ...q, ...patch, page: 1 }));
  const changeFilters = (patch: Partial<CustomerPickerQuery['filters']>) => change({ filters: { ...query.filters, ...patch } });

  const columns: TableColumnsType<CustomerRecord> = [
    { title: '客户名称', dataIndex: 'CustomerName' },
    { title: '联系人', dataIndex: 'contact_name' },
    { title: '手机号码', dataIndex: 'contact_mobile' },
    { title: '负责人', dataIndex: 'UserName' },
    { title: '成交状态', dataIndex: 'clue', render: (clue: number) => clueLabel(Number(clue)) },
    { title: '创建时间', dataIndex: 'AddTime' },
    { title: '最后跟进时间', dataIndex: 'genjinTime' },
    {
      title: '操作',
      key: 'choose',
      fixed: 'right',
      render: (_, customer) => (
        <Button
          type="link"
          size="small"
          autoInsertSpace={false}
          onClick={(event) => {
            event.stopPropagation();
            onSelect(customer);
          }}
        >
          选择
        </Button>
      ),
    },
  ];

  return (
    <>
      <ListPage<CustomerRecord, CustomerScene, CustomerSortField>
        rowKey="id"
        columns={columns}
        rows={customers.rows}
        total={customers.total}
        loading={customers.loading}
        error={customers.error}
        page={query.page}
        pageSize={query.rows}
        onPageChange={(page, rows) => setQuery((q) => ({ ...q, page: rows === q.rows ? page : 1, rows }))}
        searchKey={query.key}
        searchPlaceholder="客户名称/电话/微信/QQ"
        onSearch={(key) => change({ key })}
        scenes={SCENES}
        scene={query.scene}
        onSceneChange={(scene) => change({ scene })}
        sortOptions={SORTS}
        sort={{ field: query.sort, order: query.order }}
        onSortChange={(sort) => change({ sort: sort.field, order: sort.order })}
        filters={
          <>
            <Select<CustomerDealState>
              aria-label="业务类型"
              placeholder="业务类型"
              allowClear
              style={{ width: 120 }}
              options={DEAL_STATES}
              value={query.filters.clue}
              onChange={(clue) => changeFilters({ clue })}
            />
            <Radio.Group
              optionType="button"
              value={query.filters.days ?? ANY_TIME}
              options={[{ value: ANY_TIME, label: '全部时间' }, ...CUSTOMER_QUICK_DAYS.map((days) => ({ value: days, label: `近${days}天` }))]}
              onChange={(event) => changeFilters({ days: event.target.value === ANY_TIME ? undefined : Number(event.target.value) })}
            />
          </>
        }
        onRowClick={(customer) => setDetailId(customer.id)}
      />
      <CustomerDetailDrawer id={detailId} onClose={closeDetail} />
    </>
  );
}

/** The basic details of one customer (`api/customer/Views`). */
function CustomerDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useQuery({ queryKey: customerKeys.detail(id ?? 0), queryFn: () => fetchCustomer(id as number), enabled: id !== null });
  const customer = id !== null ? (detail.data ?? null) : null;
  const failed = id !== null && detail.isError;

  // The client has shown why the customer could not be read; the panel has nothing to show.
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);

  return (
    <Drawer open={id !== null} title="客户详情" size={520} onClose={onClose} destroyOnHidden>
      {customer ? (
        <DetailView
          column={1}
          items={[
            { label: '客户名称', value: customer.CustomerName },
            { label: '客户编号', value: customer.code },
            { label: '联系人', value: customer.contact_name },
            { label: '手机号码', value: customer.contact_mobile },
            { label: '客户来源', value: customer.LaiYuanName },
            { label: '客户级别', value: customer.level },
            { label: '所属行业', value: customer.industry },
            { label: '地址', value: customer.address },
            { label: '负责人', value: customer.UserName },
            { label: '所属部门', value: customer.BranchName },
            { label: '成交状态', value: clueLabel(Number(customer.clue)) },
            { label: '创建时间', value: customer.AddTime },
            { label: '最后跟进时间', value: customer.genjinTime },
            { label: '下次跟进时间', value: customer.nextgenjintime ? <NextFollowUpTime value={customer.nextgenjintime} /> : customer.nextgenjintime },
            { label: '备注', value: customer.beizhu },
          ]}
        />
      ) : (
        <Spin />
      )}
    </Drawer>
  );
}
