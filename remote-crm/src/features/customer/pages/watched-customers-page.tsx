/**
 * 我的客户 (crm/customer/watched): the customer list with search, scenes, sorting and filters; a row
 * opens the detail panel, 新建客户 opens the form panel.
 */
import { useState, type Key } from 'react';
import { Button } from 'antd';
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT_ORDER } from '@portal/shared-core';
import { ListPage, useListQuery } from '@portal/shared-ui';
import { customerColumns } from '../components/customer-columns';
import { CustomerDetailPanel } from '../components/customer-detail-panel';
import { CustomerFilters } from '../components/customer-filters';
import { CustomerFormPanel } from '../components/customer-form-panel';
import { CUSTOMER_SCENES, CUSTOMER_SORTS } from '../constants';
import { useCustomerDetail } from '../hooks/use-customer-detail';
import { useConfirmDeleteCustomers } from '../hooks/use-confirm-delete-customers';
import { useCustomerList } from '../hooks/use-customer-list';
import type { Customer, CustomerDetail, CustomerQuery, CustomerScene, CustomerSortField } from '../types';

const INITIAL_QUERY: CustomerQuery = {
  page: 1,
  rows: DEFAULT_PAGE_SIZE,
  key: '',
  scene: 'all',
  sort: 'AddTime',
  order: DEFAULT_SORT_ORDER,
  filters: {},
};

type FormState = { open: false } | { open: true; customer: CustomerDetail | null };

export default function WatchedCustomersPage() {
  const confirmDelete = useConfirmDeleteCustomers();
  const { query, changeQuery, changePage } = useListQuery(INITIAL_QUERY);
  const list = useCustomerList(query);
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [detailId, setDetailId] = useState<number | null>(null);
  const detail = useCustomerDetail(detailId);
  const [formState, setFormState] = useState<FormState>({ open: false });

  function handleSaved() {
    list.reload();
    if (detailId !== null) detail.reload();
  }

  function handleDeleteSelected() {
    confirmDelete(selectedKeys.map(Number), () => {
      setSelectedKeys([]);
      list.reload();
    });
  }

  return (
    <>
      <ListPage<Customer, CustomerScene, CustomerSortField>
        rowKey="id"
        columns={customerColumns}
        rows={list.rows}
        total={list.total}
        loading={list.loading}
        error={list.error}
        page={query.page}
        pageSize={query.rows}
        onPageChange={changePage}
        searchKey={query.key}
        searchPlaceholder="客户名称/手机号/编号"
        onSearch={(key) => changeQuery({ key })}
        scenes={CUSTOMER_SCENES}
        scene={query.scene}
        onSceneChange={(scene) => changeQuery({ scene })}
        sortOptions={CUSTOMER_SORTS}
        sort={{ field: query.sort, order: query.order }}
        onSortChange={({ field, order }) => changeQuery({ sort: field, order })}
        filters={<CustomerFilters filters={query.filters} onChange={(filters) => changeQuery({ filters })} />}
        createLabel="新建客户"
        onCreate={() => setFormState({ open: true, customer: null })}
        selectedKeys={selectedKeys}
        onSelectionChange={setSelectedKeys}
        selectionActions={
          <Button size="small" danger autoInsertSpace={false} onClick={handleDeleteSelected}>
            删除
          </Button>
        }
        onRowClick={(row) => setDetailId(row.id)}
      />
      <CustomerDetailPanel
        open={detailId !== null}
        customer={detail.customer}
        loading={detail.loading}
        onClose={() => setDetailId(null)}
        onEdit={(customer) => setFormState({ open: true, customer })}
        onDeleted={list.reload}
      />
      <CustomerFormPanel
        open={formState.open}
        customer={formState.open ? formState.customer : null}
        onClose={() => setFormState({ open: false })}
        onSaved={handleSaved}
      />
    </>
  );
}
