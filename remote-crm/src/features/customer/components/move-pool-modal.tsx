/** 转移公海: picks the pool the selected pool customers move to (the pools the user may see, but the current one). */
import { useState } from 'react';
import { Modal, Select, Typography } from 'antd';
import type { PoolOption } from '../api/public-pools-api';
import { poolLabel } from './pool-selector';

export type MovePoolModalProps = {
  /** The selected customers' count; null: closed. */
  count: number | null;
  pools: readonly PoolOption[];
  current: number;
  onCancel: () => void;
  onMove: (poolId: number) => Promise<void>;
};

export function MovePoolModal({ count, pools, current, onCancel, onMove }: MovePoolModalProps) {
  const [target, setTarget] = useState<number | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setTarget(undefined);
    setError(null);
    onCancel();
  };

  async function handleOk() {
    if (target === undefined) return setError('请选择目标公海');
    setBusy(true);
    try {
      await onMove(target);
      setTarget(undefined);
      setError(null);
    } catch {
      // The server's message shows as a toast; the dialog stays for another choice.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={count !== null}
      title="转移公海"
      okText="转移"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void handleOk()}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph>已选择 {count ?? 0} 个客户，转移到：</Typography.Paragraph>
      <Select<number>
        aria-label="目标公海"
        style={{ width: '100%' }}
        placeholder="请选择目标公海"
        value={target}
        onChange={(v) => {
          setTarget(v);
          setError(null);
        }}
        options={pools.filter((p) => p.id !== current).map((p) => ({ value: p.id, label: poolLabel(p) }))}
      />
      {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
    </Modal>
  );
}
