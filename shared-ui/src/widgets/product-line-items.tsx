/**
 * The product line-item table of spec §2.6: 操作 (add/remove a row), 产品 (remote product search),
 * 条形码, 规格, 仓库 (with the available stock), 数量, 单价, 单位, 小计 (= 数量 × 单价, always).
 * A product can be listed once (该产品已存在); 添加产品 opens the product picker, which skips the
 * listed products and adds new ones with quantity 1 (spec §5). Read-only shows plain text.
 */
import { useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Flex, Input, InputNumber, Select, Space, Spin, Table, type TableColumnsType } from 'antd';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { DEFAULT_WAREHOUSE, MESSAGES } from '@portal/shared-core';
import { fetchWarehouseStock, listProducts } from '../pickers/directory-api';
import type { ProductRecord, WarehouseStock } from '../pickers/directory-types';
import { ProductPicker } from '../pickers/product-picker';
import { directoryKeys } from '../query/query-keys';
import { lineItemFromProduct, subtotalOf, withSubtotal, type LineItem } from './line-item';

export type ProductLineItemsProps = {
  value?: LineItem[] | null;
  onChange?: (items: LineItem[]) => void;
  readOnly?: boolean;
};

/** A table row: a listed item, or an empty row waiting for its product. */
type Row = { key: string; item: LineItem | null };

export function ProductLineItems({ value, onChange, readOnly }: ProductLineItemsProps) {
  const { message } = App.useApp();
  const items = value ?? [];
  const [drafts, setDrafts] = useState<string[]>([]);
  const [picking, setPicking] = useState(false);
  const draftSeq = useRef(0);

  const emit = (next: LineItem[]) => onChange?.(next.map(withSubtotal));
  const addDraft = () => setDrafts((d) => [...d, `draft-${++draftSeq.current}`]);

  function choose(row: Row, product: ProductRecord) {
    if (items.some((item) => item.productid === product.id && item !== row.item)) {
      message.error(MESSAGES.productDuplicate);
      return;
    }
    const fresh = lineItemFromProduct(product);
    if (row.item) {
      emit(items.map((item) => (item === row.item ? { ...fresh, number: row.item.number } : item)));
    } else {
      setDrafts((d) => d.filter((key) => key !== row.key));
      emit([...items, fresh]);
    }
  }

  function patch(item: LineItem, change: Partial<LineItem>) {
    emit(items.map((i) => (i === item ? { ...i, ...change } : i)));
  }

  function remove(row: Row) {
    if (row.item) emit(items.filter((i) => i !== row.item));
    else setDrafts((d) => d.filter((key) => key !== row.key));
  }

  function addPicked(products: ProductRecord[]) {
    const listed = new Set(items.map((i) => i.productid));
    emit([...items, ...products.filter((p) => !listed.has(p.id)).map(lineItemFromProduct)]);
    setPicking(false);
  }

  if (readOnly) return <ReadOnlyLineItems items={items} />;

  const rows: Row[] = [...items.map((item) => ({ key: `product-${item.productid}`, item })), ...drafts.map((key) => ({ key, item: null }))];

  const columns: TableColumnsType<Row> = [
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, row) => (
        <Space size={4}>
          <Button size="small" aria-label="添加行" icon={<PlusOutlined />} onClick={addDraft} />
          <Button size="small" aria-label="删除行" icon={<MinusOutlined />} onClick={() => remove(row)} />
        </Space>
      ),
    },
    {
      title: '产品',
      key: 'product',
      width: 200,
      render: (_, row) => <ProductSearch item={row.item} onChoose={(product) => choose(row, product)} />,
    },
    {
      title: '条形码',
      key: 'xinghao',
      width: 140,
      render: (_, { item }) => (item ? <Input aria-label="条形码" value={item.xinghao} onChange={(e) => patch(item, { xinghao: e.target.value })} /> : null),
    },
    { title: '规格', key: 'standard', render: (_, { item }) => item?.standard },
    {
      title: '仓库',
      key: 'warehouse',
      width: 180,
      render: (_, { item }) =>
        item ? <WarehouseSelect item={item} onChange={(warehouseid, warehousename) => patch(item, { warehouseid, warehousename })} /> : null,
    },
    {
      title: '数量',
      key: 'number',
      width: 100,
      render: (_, { item }) =>
        item ? <InputNumber aria-label="数量" min={0} value={item.number} onChange={(n) => patch(item, { number: Number(n ?? 0) })} /> : null,
    },
    {
      title: '单价',
      key: 'sellingprice',
      width: 120,
      render: (_, { item }) =>
        item ? (
          <InputNumber aria-label="单价" min={0} precision={2} value={item.sellingprice} onChange={(n) => patch(item, { sellingprice: Number(n ?? 0) })} />
        ) : null,
    },
    { title: '单位', key: 'unit', render: (_, { item }) => item?.danwei || item?.unit },
    { title: '小计', key: 'xiaoji', render: (_, { item }) => (item ? subtotalOf(item.number, item.sellingprice).toFixed(2) : null) },
  ];

  return (
    <Flex vertical gap={8}>
      <Space>
        <Button icon={<PlusOutlined />} onClick={() => setPicking(true)}>
          添加产品
        </Button>
        {rows.length === 0 ? <Button onClick={addDraft}>添加行</Button> : null}
      </Space>
      <Table<Row> rowKey="key" size="small" columns={columns} dataSource={rows} pagination={false} scroll={{ x: 'max-content' }} />
      <ProductPicker open={picking} exclude={items.map((i) => i.productid)} onSelect={addPicked} onClose={() => setPicking(false)} />
    </Flex>
  );
}

function ReadOnlyLineItems({ items }: { items: LineItem[] }) {
  const columns: TableColumnsType<LineItem> = [
    { title: '产品', dataIndex: 'title' },
    { title: '条形码', dataIndex: 'xinghao' },
    { title: '规格', dataIndex: 'standard' },
    { title: '仓库', dataIndex: 'warehousename' },
    { title: '数量', dataIndex: 'number' },
    { title: '单价', dataIndex: 'sellingprice' },
    { title: '单位', key: 'unit', render: (_, item) => item.danwei || item.unit },
    { title: '小计', key: 'xiaoji', render: (_, item) => subtotalOf(item.number, item.sellingprice).toFixed(2) },
  ];
  return <Table<LineItem> rowKey="productid" size="small" columns={columns} dataSource={items} pagination={false} />;
}

const SEARCH_DELAY_MS = 300;

/** Remote product search for one row; shows the row's product title. */
function ProductSearch({ item, onChoose }: { item: LineItem | null; onChoose: (product: ProductRecord) => void }) {
  /** The search text sent; null until the dropdown first opens. */
  const [searchKey, setSearchKey] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const query = { page: 1, rows: 20, key: searchKey ?? '' };
  const found = useQuery({
    queryKey: [...directoryKeys.products(), query],
    queryFn: () => listProducts(query),
    enabled: searchKey !== null,
    placeholderData: keepPreviousData,
  });
  const products: ProductRecord[] = found.isError ? [] : (found.data?.rows ?? []);
  const loading = found.isFetching;
  const search = setSearchKey;

  const options = products.map((p) => ({ value: p.id, label: p.name }));
  if (item && !options.some((o) => o.value === item.productid)) options.unshift({ value: item.productid, label: item.title });

  return (
    <Select<number>
      aria-label="产品"
      placeholder="搜索产品"
      style={{ width: '100%' }}
      showSearch={{
        filterOption: false,
        onSearch: (key) => {
          clearTimeout(timer.current);
          timer.current = setTimeout(() => search(key.trim()), SEARCH_DELAY_MS);
        },
      }}
      value={item?.productid}
      options={options}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      onOpenChange={(open) => open && search('')}
      onChange={(id) => {
        const product = products.find((p) => p.id === id);
        if (product) onChoose(product);
      }}
    />
  );
}

const NO_STOCK: WarehouseStock[] = [];

/** The warehouses holding the product, with their available stock; 默认仓库 (id 0) always offered. */
function WarehouseSelect({ item, onChange }: { item: LineItem; onChange: (id: number, name: string) => void }) {
  // Asked for when the dropdown first opens; stock changes, so every opening asks again.
  const [opened, setOpened] = useState(false);
  const stock = useQuery({
    queryKey: directoryKeys.warehouseStock(item.productid),
    queryFn: async () => {
      const list = await fetchWarehouseStock(item.productid);
      return Array.isArray(list) ? list : NO_STOCK;
    },
    enabled: opened,
    staleTime: 0,
  });
  const loading = stock.isFetching;
  function load() {
    if (opened) void stock.refetch();
    else setOpened(true);
  }

  const known = stock.isError ? NO_STOCK : (stock.data ?? NO_STOCK);
  const options = [
    ...(known.some((w) => Number(w.id) === DEFAULT_WAREHOUSE.id) ? [] : [{ value: DEFAULT_WAREHOUSE.id, label: DEFAULT_WAREHOUSE.name }]),
    ...known.map((w) => ({ value: Number(w.id), label: `${w.name}（库存：${w.stock}）` })),
  ];
  if (!options.some((o) => o.value === Number(item.warehouseid))) {
    options.push({ value: Number(item.warehouseid), label: item.warehousename });
  }

  return (
    <Select<number>
      aria-label="仓库"
      style={{ width: '100%' }}
      value={Number(item.warehouseid ?? DEFAULT_WAREHOUSE.id)}
      options={options}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      loading={loading}
      onOpenChange={(open) => open && load()}
      onChange={(id) => onChange(id, known.find((w) => Number(w.id) === id)?.name ?? DEFAULT_WAREHOUSE.name)}
    />
  );
}
