/**
 * Every customer list (crm/customer/watched, zaifenpei, nodispose, total, daifenpei, teamkehu, lizhi,
 * black, and the 线索 list) as one page rendering a view definition (views.ts): search, scenes the
 * view allows, sorting, filters (即将进入公海, 我关注的 where they apply), the department picker, 高级搜索,
 * 列设置, 新建 and 更多 where the view offers them, and the view's selection actions, each shown only
 * with its right. The server applies the view; the page only names it.
 */
import { lazy, useCallback, useMemo, useState, type ComponentType, type Key } from 'react';
import { App, Tag } from 'antd';
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT_ORDER, MESSAGES, useDataChange, useSessionStore, type PageProps } from '@portal/shared-core';
import { ListPage, useColumnChoice, useRouteListQuery, WhenOpened, type DepartmentChoice, type SearchValues, type SelectionAction } from '@portal/shared-ui';
import { CUSTOMER_BATCH_ENDPOINTS, CUSTOMER_IMPORT_TEMPLATE, customerListRequest, POOL_BATCH_ENDPOINTS, POOL_IMPORT_TEMPLATE } from '../api/customer-api';
import { ACTION_NEEDS } from '../api/customer-actions-api';
import { useCustomer } from '../api/use-customer';
import { useCustomerActionMutation, useMergeCustomersMutation } from '../api/use-customer-action-mutation';
import { useCustomerList } from '../api/use-customer-list';
import { useLeadSources } from '../api/use-lead-sources';
import type { ActionAsk } from '../components/customer-action-modal';
import { columnsOf } from '../components/customer-columns';
import { CustomerFilterPopover, CustomerFilters, customerFilterTags } from '../components/customer-filters';
import { PoolSelector } from '../components/pool-selector';
import { useMovePoolCustomers, usePoolOptions } from '../api/public-pools-api';
import { ADVANCED_FILTER_KEYS, CUSTOMER_SCENES, CUSTOMER_SORTS, customerSearchFields } from '../constants';
import { useConfirmDeleteCustomers } from '../hooks/use-confirm-delete-customers';
import type { Customer, CustomerDetail, CustomerFilters as Filters, CustomerQuery, CustomerScene, CustomerSortField, CustomerView } from '../types';
import { CUSTOMER_VIEWS, type CallActionKey, type ViewAction } from '@portal/shared-contract/customer-views';
import { grants } from '../views';

// Loaded when first opened (shared-ui WhenOpened): the list shows its rows without the detail and
// form panels (the form engine, pickers, uploads) and the modals.
const CustomerDetailPanel = lazy(() => import('../components/customer-detail-panel').then((m) => ({ default: m.CustomerDetailPanel })));
const CustomerFormPanel = lazy(() => import('../components/customer-form-panel').then((m) => ({ default: m.CustomerFormPanel })));
const MergeCustomersModal = lazy(() => import('../components/merge-customers-modal').then((m) => ({ default: m.MergeCustomersModal })));
const MovePoolModal = lazy(() => import('../components/move-pool-modal').then((m) => ({ default: m.MovePoolModal })));
const CustomerActionModal = lazy(() => import('../components/customer-action-modal').then((m) => ({ default: m.CustomerActionModal })));

/** The user's list columns are kept per form on the server. */
const COLUMN_FORM = 'customer';
const NO_CRM: readonly string[] = [];

type FormState = { open: false } | { open: true; customer: CustomerDetail | null };
type Pending = { key: CallActionKey; ids: number[]; owners: number[] };

function splitFilters(filters: Filters): { advanced: SearchValues; rest: Filters } {
  const advanced: SearchValues = {};
  const rest: Filters = { ...filters };
  for (const key of ADVANCED_FILTER_KEYS) {
    if (filters[key] !== undefined) advanced[key] = filters[key];
    delete rest[key];
  }
  return { advanced, rest };
}

/** The rights of a view's buttons for a crm rights list. */
export function viewRights(view: CustomerView, crm: readonly string[]) {
  const def = CUSTOMER_VIEWS[view];
  const w = (action: 'create' | 'import' | 'export' | 'edit' | 'delete') => grants(crm, { page: 'customer/watched', action });
  return {
    create: def.create && w('create'),
    import: def.batch.import && (def.poolImport ? grants(crm, def.poolImport) : w('import')),
    export: def.batch.export && w('export'),
    edit: w('edit'),
    delete: w('delete'),
    actions: def.actions.filter((a) => grants(crm, a.right)),
  };
}

export function CustomerViewPage({ view }: { view: CustomerView }) {
  const def = CUSTOMER_VIEWS[view];
  const { modal, message } = App.useApp();
  const confirmDelete = useConfirmDeleteCustomers();
  const applyChange = useDataChange();
  const crm = useSessionStore((s) => s.permissions?.crm ?? NO_CRM);
  const rights = useMemo(() => viewRights(view, crm), [view, crm]);
  const initial = useMemo<CustomerQuery>(
    // 公海客户 lists one pool at a time, 默认公海 first.
    () => ({
      view,
      page: 1,
      rows: DEFAULT_PAGE_SIZE,
      key: '',
      scene: 'all',
      sort: 'AddTime',
      order: DEFAULT_SORT_ORDER,
      filters: {},
      ...(view === 'total' ? { poolId: 0 } : {}),
    }),
    [view],
  );
  const { query, changeQuery, changePage } = useRouteListQuery(initial);
  const list = useCustomerList({ ...query, view });
  const { sources } = useLeadSources();
  const baseColumns = useMemo(() => columnsOf(def.columns), [def.columns]);
  const { columns, choice } = useColumnChoice(COLUMN_FORM, baseColumns);
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [detailId, setDetailId] = useState<number | null>(null);
  const detail = useCustomer(detailId);
  const [formState, setFormState] = useState<FormState>({ open: false });
  const [department, setDepartment] = useState<DepartmentChoice | undefined>(undefined);
  const [pending, setPending] = useState<Pending | null>(null);
  const [ask, setAsk] = useState<ActionAsk | null>(null);
  const action = useCustomerActionMutation();
  const merge = useMergeCustomersMutation();
  const [merging, setMerging] = useState<Customer[] | null>(null);
  const poolOptions = usePoolOptions(view === 'total');
  const pools = poolOptions.data?.rows ?? [];
  const movePool = useMovePoolCustomers();
  const [moving, setMoving] = useState<number[] | null>(null);

  const changeFilters = useCallback((filters: Filters) => changeQuery({ filters }), [changeQuery]);
  const searchFields = useMemo(() => customerSearchFields(sources), [sources]);
  const advancedSearch = useMemo(() => {
    const { advanced, rest } = splitFilters(query.filters);
    return { fields: searchFields, values: advanced, onSearch: (values: SearchValues) => changeFilters({ ...rest, ...(values as Filters) }) };
  }, [searchFields, query.filters, changeFilters]);
  const scenes = useMemo(() => CUSTOMER_SCENES.filter((s) => def.scenes.includes(s.value)), [def.scenes]);

  function handleDepartment(choice: DepartmentChoice | undefined) {
    setDepartment(choice);
    changeFilters({ ...query.filters, BranchID: choice?.id });
  }

  async function run(p: Pending, extra: { reason?: string; userid?: number } = {}) {
    try {
      const reply = await action.mutateAsync({
        key: p.key,
        input: { ids: p.ids, owners: p.key === 'assign' || p.key === 'transfer' ? p.owners : undefined, ...extra },
      });
      if (p.key === 'assign') message.success(reply.msg);
    } catch (err) {
      if (p.key === 'assign') message.error(`${MESSAGES.assignFailed}：${err instanceof Error ? err.message : ''}`);
      throw err;
    }
    setSelectedKeys([]);
    setPending(null);
    setAsk(null);
    // Lists reload and the detail panel closes after allocate, get, transfer, transform (spec §4).
    if (detailId !== null && p.ids.includes(detailId) && p.key !== 'top' && p.key !== 'watch' && p.key !== 'unwatch') setDetailId(null);
  }

  function start(a: ViewAction, keys: Key[], rows: Customer[]) {
    const ids = keys.map(Number);
    if (a.key === 'delete') {
      confirmDelete(ids, () => {
        setSelectedKeys([]);
        if (detailId !== null && ids.includes(detailId)) setDetailId(null);
      });
      return;
    }
    if (a.key === 'movepool') {
      if (pools.length <= 1) return void message.warning('暂无其他公海可转移');
      setMoving(ids);
      return;
    }
    if (a.key === 'merge') {
      if (ids.length < 2) return void message.warning('请至少选择两个客户');
      setMerging(rows.filter((r) => ids.includes(r.id)));
      return;
    }
    const p: Pending = { key: a.key, ids, owners: ids.map((id) => rows.find((r) => r.id === id)?.UserID ?? 0) };
    const needs = ACTION_NEEDS[a.key];
    if (needs === 'nothing') return void run(p).catch(() => undefined);
    if (needs === 'confirm') {
      modal.confirm({ title: '提示', content: MESSAGES.confirmBulk, okText: '确定', cancelText: '取消', onOk: () => run(p).catch(() => undefined) });
      return;
    }
    setPending(p);
    const reasons = a.key === 'close' ? 'lead_close_reason' : a.key === 'pool' || a.key === 'togonghai' ? 'pool_reason' : undefined;
    setAsk({ kind: needs, title: a.label, count: ids.length, reasons });
  }

  const actions: SelectionAction<Customer>[] = [
    { key: 'view', label: '查看详情', mode: 'single', onClick: ([key]) => setDetailId(Number(key)) },
    ...rights.actions.map((a) => ({
      key: a.key,
      label: a.label,
      mode: a.mode,
      danger: a.danger,
      onClick: (keys: Key[], rows: Customer[]) => start(a, keys, rows),
    })),
  ];

  const toggles = [
    ...(def.soonFilter ? [{ key: 'soon' as const, label: '即将进入公海' }] : []),
    ...(def.watchFilter ? [{ key: 'watched' as const, label: '我关注的' }] : []),
  ];
  const quickToggles = toggles.length ? (
    <span>
      {toggles.map((t) => (
        <Tag.CheckableTag key={t.key} checked={query.filters[t.key] === 1} onChange={(on) => changeFilters({ ...query.filters, [t.key]: on ? 1 : undefined })}>
          {t.label}
        </Tag.CheckableTag>
      ))}
    </span>
  ) : null;

  return (
    <>
      <ListPage<Customer, CustomerScene, CustomerSortField>
        rowKey="id"
        columns={columns}
        rows={list.rows}
        total={list.total}
        totalCapped={list.totalCapped}
        loading={list.loading}
        error={list.error}
        page={query.page}
        pageSize={query.rows}
        onPageChange={changePage}
        searchKey={query.key}
        searchPlaceholder="客户名称/手机号/编号"
        onSearch={(key) => changeQuery({ key })}
        scenes={scenes.length > 1 ? scenes : undefined}
        scene={query.scene}
        onSceneChange={(scene) => changeQuery({ scene })}
        sortOptions={CUSTOMER_SORTS}
        sort={{ field: query.sort, order: query.order }}
        onSortChange={({ field, order }) => changeQuery({ sort: field, order })}
        filters={
          <>
            {view === 'total' ? <PoolSelector pools={pools} value={query.poolId ?? 0} onChange={(poolId) => changeQuery({ poolId })} /> : null}
            <CustomerFilters filters={query.filters} onChange={changeFilters} />
            {quickToggles}
          </>
        }
        filterPopover={<CustomerFilterPopover filters={query.filters} onChange={changeFilters} />}
        filterTags={customerFilterTags({ filters: query.filters, onChange: changeFilters })}
        department={{ value: department, onChange: handleDepartment }}
        advancedSearch={advancedSearch}
        columnChoice={choice}
        createLabel={view === 'clue' ? '新建线索' : '新建客户'}
        onCreate={def.create ? () => setFormState({ open: true, customer: null }) : undefined}
        batch={
          def.batch.import || def.batch.export || def.batch.duplicates
            ? {
                endpoints: def.poolImport ? POOL_BATCH_ENDPOINTS : CUSTOMER_BATCH_ENDPOINTS,
                importTitle: def.poolImport ? '批量导入到公海' : undefined,
                importDuplicateChoice: Boolean(def.poolImport),
                importTemplate: def.poolImport ? POOL_IMPORT_TEMPLATE : CUSTOMER_IMPORT_TEMPLATE,
                exportQuery: customerListRequest({ ...query, view }),
                exportFileName: `${def.title}导出.xlsx`,
                onImported: () => void applyChange({ type: 'customers-imported' }),
              }
            : undefined
        }
        rights={{ create: rights.create, import: rights.import, export: rights.export }}
        selectedKeys={selectedKeys}
        onSelectionChange={setSelectedKeys}
        actions={actions}
        onRowClick={(row) => setDetailId(row.id)}
      />
      <WhenOpened open={detailId !== null}>
        <CustomerDetailPanel
          open={detailId !== null}
          customer={detail.customer}
          loading={detail.loading}
          canEdit={rights.edit}
          canDelete={rights.delete}
          lead={view === 'clue'}
          onClose={() => setDetailId(null)}
          onEdit={(customer) => setFormState({ open: true, customer })}
        />
      </WhenOpened>
      <WhenOpened open={formState.open}>
        <CustomerFormPanel
          open={formState.open}
          customer={formState.open ? formState.customer : null}
          lead={view === 'clue'}
          onClose={() => setFormState({ open: false })}
        />
      </WhenOpened>
      <WhenOpened open={merging !== null}>
        <MergeCustomersModal
          customers={merging}
          onCancel={() => setMerging(null)}
          onMerge={async (choice) => {
            await merge.mutateAsync(choice);
            setMerging(null);
            setSelectedKeys([]);
            if (detailId !== null && choice.ids.includes(detailId)) setDetailId(null);
          }}
        />
      </WhenOpened>
      <WhenOpened open={moving !== null}>
        <MovePoolModal
          count={moving === null ? null : moving.length}
          pools={pools}
          current={query.poolId ?? 0}
          onCancel={() => setMoving(null)}
          onMove={async (poolId) => {
            await movePool.mutateAsync({ ids: moving ?? [], poolId });
            setMoving(null);
            setSelectedKeys([]);
          }}
        />
      </WhenOpened>
      <WhenOpened open={ask !== null}>
        <CustomerActionModal
          ask={ask}
          onCancel={() => {
            setAsk(null);
            setPending(null);
          }}
          onConfirm={async (value) => {
            if (pending) await run(pending, value);
          }}
        />
      </WhenOpened>
    </>
  );
}

/** A route page for one view (routes.tsx: `page: () => import(...).then((m) => m.pageOf('total'))`). */
const pages = new Map<CustomerView, { default: ComponentType<PageProps> }>();
export function pageOf(view: CustomerView): { default: ComponentType<PageProps> } {
  let page = pages.get(view);
  if (!page) {
    const Page = () => <CustomerViewPage view={view} />;
    Page.displayName = `CustomerViewPage(${view})`;
    page = { default: Page };
    pages.set(view, page);
  }
  return page;
}
