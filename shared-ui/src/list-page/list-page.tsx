/**
 * The shared list page of spec §2.4: a toolbar (search key, scenes, sort, extra filters, create
 * button), a selection bar (已选择 N 项) and a server-paged table. It is fully controlled: the page
 * owns the query (see `useListQuery`) and the data (see `usePagedList`).
 */
import { useEffect, useState, type Key, type ReactNode } from 'react';
import { Alert, Button, Flex, Input, Segmented, Select, Space, Table, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@portal/shared-core';

export type ListOption<V extends string> = { value: V; label: string };
export type SortOrder = 'asc' | 'desc';
export type ListSort<F extends string> = { field: F; order: SortOrder };

const ORDER_OPTIONS: ListOption<SortOrder>[] = [
  { value: 'desc', label: '降序' },
  { value: 'asc', label: '升序' },
];

export type ListPageProps<T extends object, S extends string = string, F extends string = string> = {
  rowKey: Extract<keyof T, string>;
  columns: TableColumnsType<T>;
  rows: readonly T[];
  total: number;
  loading?: boolean;
  /** A load failure, shown above the table. */
  error?: string | null;

  page: number;
  pageSize: number;
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

  createLabel?: string;
  onCreate?: () => void;

  /** Row selection is on when `onSelectionChange` is given. */
  selectedKeys?: readonly Key[];
  onSelectionChange?: (keys: Key[]) => void;
  /** Actions on the selected rows, shown in the selection bar. */
  selectionActions?: ReactNode;

  onRowClick?: (row: T) => void;
};

export function ListPage<T extends object, S extends string = string, F extends string = string>(
  props: ListPageProps<T, S, F>,
) {
  const { rowKey, columns, rows, total, loading, error, page, pageSize, pageSizes = PAGE_SIZES } = props;
  const { selectedKeys = [], onSelectionChange, onRowClick } = props;

  return (
    <Flex vertical gap={12}>
      <ListToolbar {...props} />
      {error ? <Alert type="error" showIcon title={error} /> : null}
      {onSelectionChange && selectedKeys.length > 0 ? (
        <SelectionBar count={selectedKeys.length} onClear={() => onSelectionChange([])}>
          {props.selectionActions}
        </SelectionBar>
      ) : null}
      <Table<T>
        rowKey={rowKey}
        columns={columns}
        dataSource={rows as T[]}
        loading={loading}
        size="middle"
        scroll={{ x: 'max-content' }}
        rowSelection={
          onSelectionChange ? { selectedRowKeys: [...selectedKeys], onChange: (keys) => onSelectionChange(keys) } : undefined
        }
        onRow={onRowClick ? (row) => ({ onClick: () => onRowClick(row), style: { cursor: 'pointer' } }) : undefined}
        pagination={{
          current: page,
          pageSize: pageSize || DEFAULT_PAGE_SIZE,
          total,
          pageSizeOptions: pageSizes.map(String),
          showSizeChanger: true,
          showTotal: (count) => `共 ${count} 条`,
          onChange: props.onPageChange,
        }}
      />
    </Flex>
  );
}

function ListToolbar<T extends object, S extends string, F extends string>(props: ListPageProps<T, S, F>) {
  const { onSearch, scenes, scene, onSceneChange, sortOptions, sort, onSortChange, filters, onCreate } = props;
  return (
    <Flex gap={12} wrap align="center" justify="space-between">
      <Space wrap>
        {onSearch ? <SearchBox initialKey={props.searchKey} placeholder={props.searchPlaceholder} onSearch={onSearch} /> : null}
        {scenes && scene !== undefined && onSceneChange ? (
          <Segmented<S> options={scenes.map((s) => ({ value: s.value, label: s.label }))} value={scene} onChange={onSceneChange} />
        ) : null}
        {sortOptions && sort && onSortChange ? (
          <Space.Compact>
            <Select<F>
              aria-label="排序字段"
              style={{ width: 140 }}
              options={[...sortOptions]}
              value={sort.field}
              onChange={(field) => onSortChange({ ...sort, field })}
            />
            <Select<SortOrder>
              aria-label="排序方式"
              style={{ width: 90 }}
              options={ORDER_OPTIONS}
              value={sort.order}
              onChange={(order) => onSortChange({ ...sort, order })}
            />
          </Space.Compact>
        ) : null}
        {filters}
      </Space>
      {onCreate ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
          {props.createLabel ?? '新建'}
        </Button>
      ) : null}
    </Flex>
  );
}

function SearchBox({ initialKey = '', placeholder, onSearch }: { initialKey?: string; placeholder?: string; onSearch: (key: string) => void }) {
  const [value, setValue] = useState(initialKey);
  useEffect(() => setValue(initialKey), [initialKey]);
  return (
    <Input.Search
      aria-label="搜索"
      allowClear
      style={{ width: 260 }}
      placeholder={placeholder}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onSearch={(key) => onSearch(key.trim())}
    />
  );
}

function SelectionBar({ count, onClear, children }: { count: number; onClear: () => void; children?: ReactNode }) {
  return (
    <Alert
      type="info"
      title={
        <Flex gap={12} align="center">
          <span>已选择 {count} 项</span>
          {children}
          <Button type="link" size="small" onClick={onClear}>
            取消选择
          </Button>
        </Flex>
      }
    />
  );
}
