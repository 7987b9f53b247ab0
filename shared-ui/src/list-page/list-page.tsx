/**
 * The shared list page of spec §2.4: the header bar (search key, scenes, sort, filters, the 筛选
 * popover, the department picker, 高级搜索, 列设置, the create button and the 更多 menu with 批量导入,
 * 批量导出 and 查重), the filter tags, the selection bar (已选择 N 项, single/multi actions, 确认选择)
 * and a server-paged table that opens a row's detail on click. It is fully controlled: the page owns
 * the query (see `useListQuery`) and the data (see `usePagedList`). Pages above 100 rows render
 * virtually, so 200 rows scroll smoothly.
 */
import { lazy, useCallback, useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import { Alert, Flex, Table, type TableColumnsType, type TableProps } from 'antd';
import { DEFAULT_LARGE_PAGE_SIZE, DEFAULT_PAGE_SIZE, LARGE_PAGE_SIZES, PAGE_SIZES, type RequestData } from '@portal/shared-core';
import type { FieldDefinition } from '../dynamic-form/types';
import { WhenOpened } from '../lazy/when-opened';
import { compactSearchValues, describeSearchValue, type SearchValues } from './search-values';
import { canCheckDuplicates, canExport, canImport, type BatchEndpoints } from './batch/batch-endpoints';
import type { ColumnChoice } from './column-settings';
import type { DepartmentFilterProps } from './department-filter';
import type { ImportResult } from './import/import-types';
import { ListToolbar, type FilterTag, type ListOption, type ListSort, type MoreAction } from './list-toolbar';
import { SelectionBar, type SelectionAction } from './selection-bar';

// Loaded when first opened (lazy/when-opened.tsx): a list shows its rows without them.
const AdvancedSearch = lazy(() => import('./advanced-search').then((m) => ({ default: m.AdvancedSearch })));
const ImportWizard = lazy(() => import('./import/import-wizard').then((m) => ({ default: m.ImportWizard })));
const ExportModal = lazy(() => import('./export/export-modal').then((m) => ({ default: m.ExportModal })));
const DuplicateCheckModal = lazy(() => import('./duplicate/duplicate-check-modal').then((m) => ({ default: m.DuplicateCheckModal })));

export type { FilterTag, ListOption, ListSort, SortOrder } from './list-toolbar';

/** 'normal': 10/50/100, default 10; 'large': 20/50/100/200, default 20 (spec §9). */
export type PageSizeSet = 'normal' | 'large';

export function pageSizesOf(set: PageSizeSet): { sizes: readonly number[]; defaultSize: number } {
  return set === 'large' ? { sizes: LARGE_PAGE_SIZES, defaultSize: DEFAULT_LARGE_PAGE_SIZE } : { sizes: PAGE_SIZES, defaultSize: DEFAULT_PAGE_SIZE };
}

/** Above this page size the table renders only the rows in view. */
export const VIRTUAL_ABOVE = 100;
const VIRTUAL_HEIGHT = 560;
const DEFAULT_COLUMN_WIDTH = 160;

export type AdvancedSearchConfig = {
  /** The list's field definitions; the user picks among the searchable ones. */
  fields: readonly FieldDefinition[];
  /** The advanced filter in force. */
  values: SearchValues;
  /** Runs the filter (empty values already dropped). */
  onSearch: (values: SearchValues) => void;
};

export type BatchConfig = {
  endpoints: BatchEndpoints;
  /** The list's current filter, which 批量导出 exports. */
  exportQuery?: RequestData;
  /** The file name when the server sends none. */
  exportFileName?: string;
  /** After 批量导入 imported rows (reload the list). */
  onImported?: () => void;
  /** The import wizard's title (default 批量导入). */
  importTitle?: string;
  /** The import offers 跳过 / 导入为新客户 for rows duplicating existing records. */
  importDuplicateChoice?: boolean;
  /** GET → the import's .xlsx template (下载模板 in the wizard's first step). */
  importTemplate?: string;
  /** More of the import's answer on the wizard's 完成 step. */
  renderImportResult?: (result: ImportResult) => ReactNode;
  /** Rows one import file may hold, as the server limits it (default 10000). */
  importMaxRows?: number;
};

/**
 * The user's action rights on the page (computed by the page, e.g. with shared-core's
 * `useActionRights`); a missing right hides its button. Each defaults to allowed.
 * 查重 shows with create or import; its 继续新建 only with create.
 */
export type ListRights = { create?: boolean; import?: boolean; export?: boolean };

export type ListPageProps<T extends object, S extends string = string, F extends string = string> = {
  rowKey: Extract<keyof T, string>;
  columns: TableColumnsType<T>;
  rows: readonly T[];
  total: number;
  /** The server stopped counting at `total`: the pager says 共 {total}+ 条 and pages within them. */
  totalCapped?: boolean;
  loading?: boolean;
  /** A load failure, shown above the table. */
  error?: string | null;

  page: number;
  pageSize: number;
  /** Which of the spec's page-size sets the pager offers; default 'normal'. */
  pageSizeSet?: PageSizeSet;
  /** Explicit page sizes (overrides `pageSizeSet`). */
  pageSizes?: readonly number[];
  onPageChange: (page: number, pageSize: number) => void;

  searchKey?: string;
  searchPlaceholder?: string;
  onSearch?: (key: string) => void;

  scenes?: readonly ListOption<S>[];
  scene?: S;
  onSceneChange?: (scene: S) => void;

  sortOptions?: readonly ListOption<F>[];
  sort?: ListSort<F>;
  onSortChange?: (sort: ListSort<F>) => void;

  /** More toolbar controls (quick filters, level filter...). */
  filters?: ReactNode;
  /** Content of the 筛选 popover. */
  filterPopover?: ReactNode;
  /** Active filters shown as closable tags (advanced-search and department tags are added by the page). */
  filterTags?: readonly FilterTag[];
  /** The department picker popup and its tag. */
  department?: DepartmentFilterProps;
  /** 高级搜索 drawer. */
  advancedSearch?: AdvancedSearchConfig;
  /** 列设置: the user's choice of shown columns (see `useColumnChoice`). */
  columnChoice?: ColumnChoice;

  createLabel?: string;
  onCreate?: () => void;
  /** 更多 menu: 批量导入, 批量导出 and 查重 for the endpoints given. */
  batch?: BatchConfig;
  /** Which of the create and 更多 buttons the user may use; selection actions carry their own `right`. */
  rights?: ListRights;

  /** Row selection is on when `onSelectionChange` is given. */
  selectedKeys?: readonly Key[];
  onSelectionChange?: (keys: Key[]) => void;
  /** Actions on the selection, enabled for one row ('single') or for one or more ('multi'). */
  actions?: readonly SelectionAction<T>[];
  /** Free-form actions in the selection bar. */
  selectionActions?: ReactNode;
  /** Picker mode: 确认选择 hands the selection back. */
  onConfirmSelection?: (keys: Key[], rows: T[]) => void;

  onRowClick?: (row: T) => void;
};

/** The batch endpoints the user's rights leave: 批量导入 needs import, 批量导出 export, 查重 create or import. */
function allowedEndpoints(endpoints: BatchEndpoints, rights: Required<ListRights>): BatchEndpoints {
  return {
    ...endpoints,
    ...(rights.import ? {} : { importPreview: undefined, importDryRun: undefined, importRejected: undefined, import: undefined }),
    ...(rights.export ? {} : { exportStart: undefined, exportProgress: undefined, exportDownload: undefined }),
    ...(rights.create || rights.import ? {} : { checkDuplicate: undefined }),
  };
}

/** Gives every column a width (the virtual table lays rows out by fixed widths) and sums them. */
function withWidths<T>(columns: TableColumnsType<T>): { columns: TableColumnsType<T>; width: number } {
  let width = 0;
  const sized = columns.map((column) => {
    const w = typeof column.width === 'number' ? column.width : DEFAULT_COLUMN_WIDTH;
    width += w;
    return { ...column, width: w };
  });
  return { columns: sized, width };
}

export function ListPage<T extends object, S extends string = string, F extends string = string>(props: ListPageProps<T, S, F>) {
  const { rowKey, columns, rows, total, totalCapped, loading, error, page, pageSize, onPageChange } = props;
  const { selectedKeys = [], onSelectionChange, onRowClick, actions, onConfirmSelection, advancedSearch, department, batch } = props;
  const pager = pageSizesOf(props.pageSizeSet ?? 'normal');
  const pageSizes = props.pageSizes ?? pager.sizes;
  const size = pageSize || pager.defaultSize;
  const virtual = size > VIRTUAL_ABOVE;

  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [batchOpen, setBatchOpen] = useState<MoreAction | null>(null);

  // Rows seen on any page, so that actions get the row objects of a selection spanning pages.
  const knownRows = useRef(new Map<Key, T>());
  for (const row of rows) knownRows.current.set(row[rowKey] as Key, row);
  const selectedRows = selectedKeys.map((key) => knownRows.current.get(key)).filter((row): row is T => row !== undefined);

  const table = useMemo(() => (virtual ? withWidths(columns) : { columns, width: 0 }), [columns, virtual]);
  const scroll = useMemo<TableProps<T>['scroll']>(() => (virtual ? { x: table.width, y: VIRTUAL_HEIGHT } : { x: 'max-content' }), [virtual, table.width]);
  const selectedKeyList = useMemo(() => [...selectedKeys], [selectedKeys]);
  const rowSelection = useMemo<TableProps<T>['rowSelection']>(
    () =>
      onSelectionChange ? { selectedRowKeys: selectedKeyList, preserveSelectedRowKeys: true, onChange: (keys: Key[]) => onSelectionChange(keys) } : undefined,
    [onSelectionChange, selectedKeyList],
  );
  const onRow = useCallback((row: T) => ({ onClick: () => onRowClick?.(row), style: { cursor: 'pointer' } }), [onRowClick]);
  const pagination = useMemo<TableProps<T>['pagination']>(
    () => ({
      current: page,
      pageSize: size,
      total,
      pageSizeOptions: pageSizes.map(String),
      showSizeChanger: true,
      showTotal: (count: number) => `共 ${count}${totalCapped ? '+' : ''} 条`,
      onChange: onPageChange,
    }),
    [page, size, total, totalCapped, pageSizes, onPageChange],
  );

  const tags = useFilterTags(props);
  const rights = { create: props.rights?.create ?? true, import: props.rights?.import ?? true, export: props.rights?.export ?? true };
  const onCreate = rights.create ? props.onCreate : undefined;
  const shownBatch = batch ? { ...batch, endpoints: allowedEndpoints(batch.endpoints, rights) } : undefined;
  const moreActions: MoreAction[] = shownBatch
    ? [
        ...(canImport(shownBatch.endpoints) ? (['import'] as const) : []),
        ...(canExport(shownBatch.endpoints) ? (['export'] as const) : []),
        ...(canCheckDuplicates(shownBatch.endpoints) ? (['duplicate'] as const) : []),
      ]
    : [];
  const allowedActions = useMemo(() => actions?.filter((action) => action.right !== false), [actions]);
  const showSelectionBar = Boolean(onSelectionChange) && (selectedKeys.length > 0 || Boolean(allowedActions?.length) || Boolean(onConfirmSelection));

  return (
    <Flex vertical gap={12}>
      <ListToolbar<S, F>
        searchKey={props.searchKey}
        searchPlaceholder={props.searchPlaceholder}
        onSearch={props.onSearch}
        scenes={props.scenes}
        scene={props.scene}
        onSceneChange={props.onSceneChange}
        sortOptions={props.sortOptions}
        sort={props.sort}
        onSortChange={props.onSortChange}
        filters={props.filters}
        filterPopover={props.filterPopover}
        department={department}
        onAdvancedSearch={advancedSearch ? () => setAdvancedOpen(true) : undefined}
        columnChoice={props.columnChoice}
        createLabel={props.createLabel}
        onCreate={onCreate}
        moreActions={moreActions}
        onMoreAction={setBatchOpen}
        tags={tags}
      />
      {error ? <Alert type="error" showIcon title={error} /> : null}
      {showSelectionBar && onSelectionChange ? (
        <SelectionBar<T>
          keys={selectedKeyList}
          rows={selectedRows}
          actions={allowedActions}
          onConfirm={onConfirmSelection}
          onClear={() => onSelectionChange([])}
        >
          {props.selectionActions}
        </SelectionBar>
      ) : null}
      <Table<T>
        rowKey={rowKey}
        columns={table.columns}
        dataSource={rows as T[]}
        loading={loading}
        size="middle"
        virtual={virtual}
        scroll={scroll}
        rowSelection={rowSelection}
        onRow={onRowClick ? onRow : undefined}
        pagination={pagination}
      />
      {advancedSearch ? (
        <WhenOpened open={advancedOpen}>
          <AdvancedSearch
            open={advancedOpen}
            fields={advancedSearch.fields}
            values={advancedSearch.values}
            onSearch={advancedSearch.onSearch}
            onClose={() => setAdvancedOpen(false)}
          />
        </WhenOpened>
      ) : null}
      {shownBatch ? <BatchModals batch={shownBatch} open={batchOpen} onClose={() => setBatchOpen(null)} onCreate={onCreate} /> : null}
    </Flex>
  );
}

/** The given filter tags, then one per advanced-search value and one for the department. */
function useFilterTags<T extends object, S extends string, F extends string>(props: ListPageProps<T, S, F>): FilterTag[] {
  const { filterTags, advancedSearch, department } = props;
  return useMemo(() => {
    const tags: FilterTag[] = [...(filterTags ?? [])];
    if (advancedSearch) {
      for (const [key, value] of Object.entries(compactSearchValues(advancedSearch.values))) {
        const field = advancedSearch.fields.find((f) => f.field === key);
        if (!field) continue;
        tags.push({
          key: `advanced:${key}`,
          label: `${field.title}：${describeSearchValue(field, value)}`,
          onClose: () => advancedSearch.onSearch(compactSearchValues({ ...advancedSearch.values, [key]: undefined })),
        });
      }
    }
    if (department?.value) tags.push({ key: 'department', label: `部门：${department.value.name}`, onClose: () => department.onChange(undefined) });
    return tags;
  }, [filterTags, advancedSearch, department]);
}

function BatchModals({ batch, open, onClose, onCreate }: { batch: BatchConfig; open: MoreAction | null; onClose: () => void; onCreate?: () => void }) {
  const { endpoints } = batch;
  return (
    <>
      {canImport(endpoints) ? (
        <WhenOpened open={open === 'import'}>
          <ImportWizard
            open={open === 'import'}
            endpoints={{
              preview: endpoints.importPreview as string,
              dryRun: endpoints.importDryRun as string,
              rejected: endpoints.importRejected,
              run: endpoints.import as string,
              template: batch.importTemplate,
            }}
            onClose={onClose}
            onImported={batch.onImported}
            title={batch.importTitle}
            duplicateChoice={batch.importDuplicateChoice}
            renderResult={batch.renderImportResult}
            maxRows={batch.importMaxRows}
          />
        </WhenOpened>
      ) : null}
      {canExport(endpoints) ? (
        <WhenOpened open={open === 'export'}>
          <ExportModal
            open={open === 'export'}
            endpoints={{ start: endpoints.exportStart as string, progress: endpoints.exportProgress as string, download: endpoints.exportDownload as string }}
            query={batch.exportQuery ?? {}}
            fallbackName={batch.exportFileName}
            onClose={onClose}
          />
        </WhenOpened>
      ) : null}
      {canCheckDuplicates(endpoints) ? (
        <WhenOpened open={open === 'duplicate'}>
          <DuplicateCheckModal open={open === 'duplicate'} url={endpoints.checkDuplicate as string} onClose={onClose} onCreate={onCreate} />
        </WhenOpened>
      ) : null}
    </>
  );
}
