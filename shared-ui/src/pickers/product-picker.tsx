/**
 * The product picker of spec §2.6, titled 产品管理: search by name or number, several products at
 * once, cover preview, tax rate with %. Products already listed (`exclude`) cannot be ticked and are
 * never returned (spec §5).
 */
import { useEffect, useState } from 'react';
import { App, Button, Flex, Input, Modal, Table, Typography, type TableColumnsType } from 'antd';
import { StoredImage } from '../widgets/stored-file';
import { DEFAULT_PAGE_SIZE, MESSAGES, PAGE_SIZES, WIDTHS } from '@portal/shared-core';
import { usePagedList } from '../list-page/use-paged-list';
import { directoryKeys } from '../query/query-keys';
import { listProducts } from './directory-api';
import type { ProductRecord } from './directory-types';

export type ProductPickerProps = {
  open: boolean;
  /** Product ids already in the list. */
  exclude?: readonly number[];
  onSelect: (products: ProductRecord[]) => void;
  onClose: () => void;
};

export function taxRateText(rate: number | string | null | undefined): string {
  return rate === null || rate === undefined || rate === '' ? '-' : `${rate}%`;
}

const columns: TableColumnsType<ProductRecord> = [
  {
    title: '封面',
    dataIndex: 'cover',
    width: 64,
    render: (cover: string | null) =>
      cover ? <StoredImage src={cover} alt="封面" width={WIDTHS.pictureThumbMax} height={WIDTHS.pictureThumbMax} style={{ objectFit: 'cover' }} /> : '-',
  },
  { title: '产品名称', dataIndex: 'name' },
  { title: '产品编号', dataIndex: 'number' },
  { title: '规格', dataIndex: 'standard' },
  { title: '单位', dataIndex: 'unit' },
  { title: '价格', dataIndex: 'price' },
  { title: '税率', dataIndex: 'shuilv', render: taxRateText },
];

export function ProductPicker({ open, exclude = [], onSelect, onClose }: ProductPickerProps) {
  const { message } = App.useApp();
  const [query, setQuery] = useState({ page: 1, rows: DEFAULT_PAGE_SIZE, key: '' });
  const [chosen, setChosen] = useState<ProductRecord[]>([]);

  useEffect(() => {
    if (open) setChosen([]);
  }, [open]);

  function handleConfirm() {
    const fresh = chosen.filter((p) => !exclude.includes(p.id));
    if (fresh.length === 0) {
      message.warning(MESSAGES.productPick);
      return;
    }
    onSelect(fresh);
  }

  return (
    <Modal
      open={open}
      title="产品管理"
      width={900}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="ok" type="primary" autoInsertSpace={false} onClick={handleConfirm}>
          确定
        </Button>,
        <Button key="close" autoInsertSpace={false} onClick={onClose}>
          关闭
        </Button>,
      ]}
    >
      {open ? <ProductTable query={query} onQueryChange={setQuery} exclude={exclude} chosen={chosen} onChosenChange={setChosen} /> : null}
    </Modal>
  );
}

type TableProps = {
  query: { page: number; rows: number; key: string };
  onQueryChange: (query: { page: number; rows: number; key: string }) => void;
  exclude: readonly number[];
  chosen: ProductRecord[];
  onChosenChange: (products: ProductRecord[]) => void;
};

function ProductTable({ query, onQueryChange, exclude, chosen, onChosenChange }: TableProps) {
  const products = usePagedList(directoryKeys.products(), listProducts, query);
  const chosenIds = chosen.map((p) => p.id);

  function toggle(rows: ProductRecord[], selected: boolean) {
    const ids = rows.map((r) => r.id);
    onChosenChange(selected ? [...chosen, ...rows.filter((r) => !chosenIds.includes(r.id))] : chosen.filter((p) => !ids.includes(p.id)));
  }

  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center">
        <Input.Search
          aria-label="搜索产品"
          placeholder="产品名称/产品编号"
          allowClear
          style={{ width: 260 }}
          onSearch={(key) => onQueryChange({ ...query, page: 1, key: key.trim() })}
        />
        <Typography.Text>已选择 {chosen.length} 项</Typography.Text>
      </Flex>
      {products.error ? <Typography.Text type="danger">{products.error}</Typography.Text> : null}
      <Table<ProductRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={products.rows}
        loading={products.loading}
        rowSelection={{
          selectedRowKeys: chosenIds,
          getCheckboxProps: (row) => ({ disabled: exclude.includes(row.id) }),
          onSelect: (row, selected) => toggle([row], selected),
          onSelectAll: (selected, _rows, changed) => toggle(changed, selected),
        }}
        pagination={{
          current: query.page,
          pageSize: query.rows,
          total: products.total,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showTotal: (count) => `共 ${count} 条`,
          onChange: (page, rows) => onQueryChange({ ...query, page: rows === query.rows ? page : 1, rows }),
        }}
      />
    </Flex>
  );
}
