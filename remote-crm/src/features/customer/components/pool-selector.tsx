/**
 * 公海客户's pool selector: the pools the user may list (默认公海 first, then the pools they are a member
 * of; an administrator sees every pool), each with its customer count. Hidden while 默认公海 is the only one.
 */
import { Select } from 'antd';
import type { PoolOption } from '../api/public-pools-api';

export type PoolSelectorProps = { pools: readonly PoolOption[]; value: number; onChange: (poolId: number) => void };

export const poolLabel = (p: PoolOption) => `${p.name}（${p.customers}）`;

export function PoolSelector({ pools, value, onChange }: PoolSelectorProps) {
  if (pools.length <= 1) return null;
  return (
    <Select<number>
      aria-label="公海"
      size="small"
      style={{ minWidth: 160 }}
      value={value}
      onChange={onChange}
      options={pools.map((p) => ({ value: p.id, label: poolLabel(p) }))}
    />
  );
}
