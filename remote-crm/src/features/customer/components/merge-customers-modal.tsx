/**
 * 合并客户: the chosen customers (two or more) become one. The user picks the customer that is kept and,
 * per field, whose value it takes; contacts, follow-ups, contracts and attachments all move to it
 * (api/customer/merge, one transaction on the server). It cannot be undone, so it asks 确定执行此操作 first.
 */
import { useEffect, useState } from 'react';
import { App, Form, Modal, Radio, Select } from 'antd';
import type { Customer } from '../types';

export const MERGE_FIELDS = [
  { field: 'customer_name', label: '客户名称', value: (c: Customer) => c.CustomerName },
  { field: 'lai_yuan', label: '客户来源', value: (c: Customer) => c.LaiYuanName },
  { field: 'level', label: '客户级别', value: (c: Customer) => c.level ?? '' },
  { field: 'industry', label: '所属行业', value: (c: Customer) => c.industry ?? '' },
  { field: 'address', label: '地址', value: (c: Customer) => c.address ?? '' },
] as const;

export type MergeChoice = { id: number; ids: number[]; fields: Record<string, number> };

export function MergeCustomersModal({
  customers,
  onCancel,
  onMerge,
}: {
  customers: Customer[] | null;
  onCancel: () => void;
  onMerge: (choice: MergeChoice) => Promise<void>;
}) {
  const [survivor, setSurvivor] = useState<number | null>(null);
  const [picks, setPicks] = useState<Record<string, number>>({});
  const [busy, setBusy] = useState(false);
  const { modal } = App.useApp();
  useEffect(() => {
    setSurvivor(customers?.[0]?.id ?? null);
    setPicks({});
  }, [customers]);

  async function handleOk() {
    if (!customers || survivor === null) return;
    setBusy(true);
    try {
      await onMerge({ id: survivor, ids: customers.map((c) => c.id).filter((id) => id !== survivor), fields: picks });
    } catch {
      // The API client has shown the server's reason.
    } finally {
      setBusy(false);
    }
  }

  const options = (customers ?? []).map((c) => ({ value: c.id, label: `${c.CustomerName}（${c.code || c.id}）` }));
  return (
    <Modal
      open={customers !== null}
      title="合并客户"
      okText="合并"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      // A merge cannot be undone: the usual confirmation first.
      onOk={() => modal.confirm({ title: '合并客户', content: '确定执行此操作, 是否继续?', okText: '确定', cancelText: '取消', onOk: () => handleOk() })}
      onCancel={onCancel}
    >
      <Form layout="horizontal" labelCol={{ flex: '100px' }}>
        <Form.Item label="保留的客户">
          <Radio.Group value={survivor} onChange={(e) => setSurvivor(e.target.value as number)} options={options} />
        </Form.Item>
        {MERGE_FIELDS.map((f) => (
          <Form.Item key={f.field} label={f.label}>
            <Select
              aria-label={f.label}
              value={picks[f.field] ?? survivor ?? undefined}
              onChange={(from: number) => setPicks((p) => ({ ...p, [f.field]: from }))}
              options={(customers ?? []).map((c) => ({ value: c.id, label: f.value(c) || '（空）' }))}
            />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
