/**
 * The list page's header bar (spec §2.4): search key, scenes, sort, inline filters, the 筛选 popover,
 * the department picker, 高级搜索, and on the right 列设置, the create button and the 更多 menu
 * (批量导入, 批量导出, 查重). Below it, the active filters as closable tags.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Dropdown, Flex, Input, Popover, Segmented, Select, Space, Tag, type MenuProps } from 'antd';
import { DownOutlined, FilterOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { ColumnSettings, type ColumnChoice } from './column-settings';
import { DepartmentFilter, type DepartmentFilterProps } from './department-filter';

export type ListOption<V extends string> = { value: V; label: string };
export type SortOrder = 'asc' | 'desc';
export type ListSort<F extends string> = { field: F; order: SortOrder };
export type FilterTag = { key: string; label: string; onClose: () => void };
export type MoreAction = 'import' | 'export' | 'duplicate';

const ORDER_OPTIONS: ListOption<SortOrder>[] = [
  { value: 'desc', label: '降序' },
  { value: 'asc', label: '升序' },
];

const MORE_LABELS: Record<MoreAction, string> = { import: '批量导入', export: '批量导出', duplicate: '查重' };

export type ListToolbarProps<S extends string, F extends string> = {
  searchKey?: string;
  searchPlaceholder?: string;
  onSearch?: (key: string) => void;
  scenes?: readonly ListOption<S>[];
  scene?: S;
  onSceneChange?: (scene: S) => void;
  sortOptions?: readonly ListOption<F>[];
  sort?: ListSort<F>;
  onSortChange?: (sort: ListSort<F>) => void;
  filters?: ReactNode;
  filterPopover?: ReactNode;
  department?: DepartmentFilterProps;
  onAdvancedSearch?: () => void;
  columnChoice?: ColumnChoice;
  createLabel?: string;
  onCreate?: () => void;
  moreActions: readonly MoreAction[];
  onMoreAction: (action: MoreAction) => void;
  tags: readonly FilterTag[];
};

export function ListToolbar<S extends string, F extends string>(props: ListToolbarProps<S, F>) {
  const { onSearch, scenes, scene, onSceneChange, sortOptions, sort, onSortChange, filters, onCreate, moreActions, tags } = props;
  const moreItems: MenuProps['items'] = moreActions.map((action) => ({ key: action, label: MORE_LABELS[action] }));
  return (
    <Flex vertical gap={8}>
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
          {props.filterPopover ? (
            <Popover trigger="click" placement="bottomLeft" content={props.filterPopover}>
              <Button icon={<FilterOutlined />} autoInsertSpace={false}>
                筛选
              </Button>
            </Popover>
          ) : null}
          {props.department ? <DepartmentFilter {...props.department} /> : null}
          {props.onAdvancedSearch ? (
            <Button icon={<SearchOutlined />} autoInsertSpace={false} onClick={props.onAdvancedSearch}>
              高级搜索
            </Button>
          ) : null}
        </Space>
        <Space wrap>
          {props.columnChoice ? <ColumnSettings {...props.columnChoice} /> : null}
          {onCreate ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
              {props.createLabel ?? '新建'}
            </Button>
          ) : null}
          {moreActions.length > 0 ? (
            <Dropdown trigger={['click']} menu={{ items: moreItems, onClick: ({ key }) => props.onMoreAction(key as MoreAction) }}>
              <Button autoInsertSpace={false}>
                更多 <DownOutlined />
              </Button>
            </Dropdown>
          ) : null}
        </Space>
      </Flex>
      {tags.length > 0 ? (
        <Flex gap={4} wrap align="center" aria-label="筛选条件">
          {tags.map((tag) => (
            <Tag key={tag.key} closable color="blue" onClose={tag.onClose}>
              {tag.label}
            </Tag>
          ))}
        </Flex>
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
