/**
 * Remote contract select over `api/contract/index` ({dataType:'all', key}), showing each contract's
 * orderSn (spec §3) with its name, `HT…（合同名称）`, so that contracts can be told apart. The current
 * choice keeps its text (`label`) before any search. `params` narrows the list (a parent field's value,
 * e.g. the chosen customer's `customerId`); the list is asked again whenever they change.
 */
import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { contractKeys } from '@portal/shared-core';
import { listContracts } from './directory-api';
import type { ContractRecord } from './directory-types';

/** How a contract reads in the select: its number, and its name when it has one. */
export function contractLabel(contract: Pick<ContractRecord, 'orderSn' | 'title'>): string {
  return contract.title ? `${contract.orderSn}（${contract.title}）` : contract.orderSn;
}

export type ContractSelectProps = {
  /** The element id a form label points at. */
  id?: string;
  value?: number | string | null;
  /** Text of the current value (orderSn), shown before the options load. */
  label?: string;
  onChange?: (id: number | undefined, contract: ContractRecord | undefined) => void;
  /** Extra request parameters (a parent field's value). */
  params?: Record<string, unknown>;
  disabled?: boolean;
  placeholder?: string;
};

const SEARCH_DELAY_MS = 300;

export function ContractSelect({ id, value, label, onChange, params, disabled, placeholder = '请选择合同' }: ContractSelectProps) {
  /** The search text sent; null until the dropdown first opens (nothing loads before). */
  const [searchKey, setSearchKey] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const extra = params ?? {};
  const found = useQuery({
    queryKey: contractKeys.list({ dataType: 'all', ...extra, key: searchKey ?? '', page: 1, rows: 20 }),
    queryFn: () => listContracts(searchKey ?? '', extra),
    enabled: searchKey !== null,
    placeholderData: keepPreviousData,
  });
  const contracts: ContractRecord[] = found.isError ? [] : (found.data?.rows ?? []);
  const loading = found.isFetching;

  function search(key: string) {
    setSearchKey(key);
  }

  function handleSearch(key: string) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => search(key.trim()), SEARCH_DELAY_MS);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const hasValue = value !== undefined && value !== null && value !== '' && Number(value) !== 0;
  const options = contracts.map((c) => ({ value: c.id, label: contractLabel(c) }));
  if (hasValue && !options.some((o) => String(o.value) === String(value))) {
    options.unshift({ value: Number(value), label: label || String(value) });
  }

  return (
    <Select<number>
      id={id}
      showSearch={{ filterOption: false, onSearch: handleSearch }}
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      value={hasValue ? Number(value) : undefined}
      options={options}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      onOpenChange={(open) => open && search('')}
      onChange={(id) =>
        onChange?.(
          id ?? undefined,
          contracts.find((c) => c.id === id),
        )
      }
      style={{ width: '100%' }}
    />
  );
}
