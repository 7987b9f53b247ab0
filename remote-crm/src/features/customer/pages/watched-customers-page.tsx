/**
 * 我的客户 (crm/customer/watched): the customer list with search, scenes, sorting, filters, the
 * department picker, 高级搜索 and the user's column choice; a row opens the detail panel, 新建客户
 * opens the form panel; 更多 offers 批量导入, 批量导出 (the current filter) and 查重 (then 继续新建).
 * Buttons follow the user's action rights on `customer/watched`. Data comes from the feature's
 * query hooks; saves, deletes and imports invalidate what they change (lists reload, the detail
 * panel closes after a delete, spec §4).
 */
import { useCallback, useMemo, useState, type Key } from 'react';
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT_ORDER, useDataChange } from '@portal/shared-core';
import { ListPage, useColumnChoice, useRouteListQuery, type DepartmentChoice, type SearchValues, type SelectionAction } from '@portal/shared-ui';
import { CUSTOMER_BATCH_ENDPOINTS, customerListRequest } from '../api/customer-api';
import { useCustomer } from '../api/use-customer';
import { useCustomerList } from '../api/use-customer-list';
import { useLeadSources } from '../api/use-lead-sources';
import { customerColumns } from '../components/customer-columns';
import { CustomerDetailPanel } from '../components/customer-detail-panel';
import { CustomerFilterPopover, CustomerFilters, customerFilterTags } from '../components/customer-filters';
import { CustomerFormPanel } from '../components/customer-form-panel';
import { ADVANCED_FILTER_KEYS, CUSTOMER_SCENES, CUSTOMER_SORTS, customerSearchFields } from '../constants';
import { useConfirmDeleteCustomers } from '../hooks/use-confirm-delete-customers';
import { useCustomerRights } from '../hooks/use-customer-rights';
import type { Customer, CustomerDetail, CustomerFilters as Filters, CustomerQuery, CustomerScene, CustomerSortField } from '../types';

const INITIAL_QUERY: CustomerQuery = {
  page: 1,
  rows: DEFAULT_PAGE_SIZE,
  key: '',
  scene: 'all',
  sort: 'AddTime',
  order: DEFAULT_SORT_ORDER,
  filters: {},
};

/** The user's list columns are kept per form on the server. */
const COLUMN_FORM = 'customer';

type FormState = { open: false } | { open: true; customer: CustomerDetail | null };

function splitFilters(filters: Filters): { advanced: SearchValues; rest: Filters } {
  const advanced: SearchValues = {};
  const rest: Filters = { ...filters };
  for (const key of ADVANCED_FILTER_KEYS) {
    if (filters[key] !== undefined) advanced[key] = filters[key];
    delete rest[key];
  }
  return { advanced, rest };
}

export default function WatchedCustomersPage() {
  const confirmDelete = useConfirmDeleteCustomers();
  const applyChange = useDataChange();
  const rights = useCustomerRights();
  const { query, changeQuery, changePage } = useRouteListQuery(INITIAL_QUERY);
  const list = useCustomerList(query);
  const { sources } = useLeadSources();
  const { columns, choice } = useColumnChoice(COLUMN_FORM, customerColumns);
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [detailId, setDetailId] = useState<number | null>(null);
  const detail = useCustomer(detailId);
  const [formState, setFormState] = useState<FormState>({ open: false });
  const [department, setDepartment] = useState<DepartmentChoice | undefined>(undefined);

  const changeFilters = useCallback((filters: Filters) => changeQuery({ filters }), [changeQuery]);
  const searchFields = useMemo(() => customerSearchFields(sources), [sources]);
  const advancedSearch = useMemo(() => {
    const { advanced, rest } = splitFilters(query.filters);
    return { fields: searchFields, values: advanced, onSearch: (values: SearchValues) => changeFilters({ ...rest, ...(values as Filters) }) };
  }, [searchFields, query.filters, changeFilters]);

  function handleDepartment(choice: DepartmentChoice | undefined) {
    setDepartment(choice);
    changeFilters({ ...query.filters, BranchID: choice?.id });
  }

  const actions: SelectionAction<Customer>[] = [
    { key: 'view', label: '查看详情', mode: 'single', onClick: ([key]) => setDetailId(Number(key)) },
    {
      key: 'delete',
      label: '删除',
      mode: 'multi',
      danger: true,
      right: rights.delete,
      onClick: (keys) =>
        confirmDelete(keys.map(Number), () => {
          setSelectedKeys([]);
          // The deleted customer's panel closes with it (spec §4).
          if (detailId !== null && keys.map(Number).includes(detailId)) setDetailId(null);
        }),
    },
  ];

  const openCreate = () => setFormState({ open: true, customer: null });

  return (
    <>
      <ListPage<Customer, CustomerScene, CustomerSortField>
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
        searchPlaceholder="客户名称/手机号/编号"
        onSearch={(key) => changeQuery({ key })}
        scenes={CUSTOMER_SCENES}
        scene={query.scene}
        onSceneChange={(scene) => changeQuery({ scene })}
        sortOptions={CUSTOMER_SORTS}
        sort={{ field: query.sort, order: query.order }}
        onSortChange={({ field, order }) => changeQuery({ sort: field, order })}
        filters={<CustomerFilters filters={query.filters} onChange={changeFilters} />}
        filterPopover={<CustomerFilterPopover filters={query.filters} onChange={changeFilters} />}
        filterTags={customerFilterTags({ filters: query.filters, onChange: changeFilters })}
        department={{ value: department, onChange: handleDepartment }}
        advancedSearch={advancedSearch}
        columnChoice={choice}
        createLabel="新建客户"
        onCreate={openCreate}
        batch={{
          endpoints: CUSTOMER_BATCH_ENDPOINTS,
          exportQuery: customerListRequest(query),
          exportFileName: '客户导出.xlsx',
          onImported: () => void applyChange({ type: 'customers-imported' }),
        }}
        rights={{ create: rights.create, import: rights.import, export: rights.export }}
        selectedKeys={selectedKeys}
        onSelectionChange={setSelectedKeys}
        actions={actions}
        onRowClick={(row) => setDetailId(row.id)}
      />
      <CustomerDetailPanel
        open={detailId !== null}
        customer={detail.customer}
        loading={detail.loading}
        canEdit={rights.edit}
        canDelete={rights.delete}
        onClose={() => setDetailId(null)}
        onEdit={(customer) => setFormState({ open: true, customer })}
      />
      <CustomerFormPanel
        open={formState.open}
        customer={formState.open ? formState.customer : null}
        onClose={() => setFormState({ open: false })}
      />
    </>
  );
}
