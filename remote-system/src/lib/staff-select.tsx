/** A searchable Select of employed staff (上级, 负责人); keeps showing the chosen person's name while searching. */
import { useState } from 'react';
import { Select } from 'antd';
import { useStaffOptions } from './org-options';

export type StaffSelectProps = {
  value?: number;
  onChange?: (value: number) => void;
  /** The chosen person's name when they are not in the first results (an edit). */
  initialLabel?: string;
  placeholder?: string;
};

export function StaffSelect({ value, onChange, initialLabel, placeholder = '输入姓名搜索' }: StaffSelectProps) {
  const [key, setKey] = useState('');
  const options = useStaffOptions(key);
  const list = options.data ?? [];
  const withCurrent = value && initialLabel && !list.some((o) => o.value === value) ? [{ value, label: initialLabel }, ...list] : list;
  return (
    <Select
      showSearch
      allowClear
      value={value || undefined}
      placeholder={placeholder}
      filterOption={false}
      onSearch={setKey}
      loading={options.isFetching}
      options={withCurrent}
      onChange={(v?: number) => onChange?.(v ?? 0)}
      notFoundContent="没有匹配的员工"
    />
  );
}
