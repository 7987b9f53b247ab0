/**
 * The generic remote select of spec §2.6: options loaded from a configured endpoint (see
 * use-remote-options), searched on the server as the user types when `remote`, and optionally a
 * "+" button to add an option by hand that the server does not list.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Input, Popover, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { MESSAGES } from '@portal/shared-core';
import { useRemoteOptions, type RemoteOption, type RemoteOptionsSource } from './use-remote-options';

export type RemoteSelectValue = string | number | (string | number)[] | undefined;

export type RemoteSelectProps = RemoteOptionsSource & {
  value?: RemoteSelectValue;
  /** The chosen value(s) and the chosen option(s), for callers keeping the display text too. */
  onChange?: (value: RemoteSelectValue, options: RemoteOption[]) => void;
  /** Ask the server with the typed text (under `searchKey`, default 'key') instead of filtering locally. */
  remote?: boolean;
  searchKey?: string;
  /** False: load nothing (a dependent field whose parent is still empty). */
  enabled?: boolean;
  multiple?: boolean;
  maxCount?: number;
  placeholder?: string;
  disabled?: boolean;
  /** Shows the "+" button for adding an option by hand. */
  allowAdd?: boolean;
  /** Text of the current value when it is not among the loaded options (a record being edited). */
  valueLabel?: string;
  id?: string;
  'aria-label'?: string;
};

const SEARCH_DELAY_MS = 300;

export const ADD_OPTION_TITLE = '添加选项';

function AddOption({ onAdd, disabled }: { onAdd: (text: string) => void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  function handleAdd() {
    const value = text.trim();
    if (!value) return;
    onAdd(value);
    setText('');
    setOpen(false);
  }
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      title={ADD_OPTION_TITLE}
      content={
        <Space.Compact>
          <Input
            value={text}
            maxLength={100}
            placeholder="请输入"
            onChange={(e) => setText(e.target.value)}
            onPressEnter={handleAdd}
            aria-label={ADD_OPTION_TITLE}
          />
          <Button type="primary" onClick={handleAdd} autoInsertSpace={false}>
            确定
          </Button>
        </Space.Compact>
      }
    >
      <Button icon={<PlusOutlined />} disabled={disabled} aria-label={ADD_OPTION_TITLE} />
    </Popover>
  );
}

/** Matches a stored value to an option's value of another type ('3' and 3 are the same choice). */
function sameValue(a: string | number, b: string | number): boolean {
  return String(a) === String(b);
}

export function RemoteSelect({
  value,
  onChange,
  remote,
  searchKey = 'key',
  enabled = true,
  multiple,
  maxCount,
  placeholder = '请选择',
  disabled,
  allowAdd,
  valueLabel,
  id,
  'aria-label': ariaLabel,
  ...source
}: RemoteSelectProps) {
  const [search, setSearch] = useState('');
  const [added, setAdded] = useState<RemoteOption[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { options: loaded, loading, failed } = useRemoteOptions(source, { enabled, search: remote ? search : undefined, searchKey });

  useEffect(() => () => clearTimeout(timer.current), []);

  const options = useMemo(() => {
    const all = [...loaded, ...added.filter((a) => !loaded.some((o) => sameValue(o.value, a.value)))];
    // Keep the current value readable while its option is not (yet) loaded.
    const single = value === undefined || value === null || value === '' || Array.isArray(value) ? undefined : value;
    if (single !== undefined && valueLabel && !all.some((o) => sameValue(o.value, single))) all.push({ label: valueLabel, value: single });
    return all;
  }, [loaded, added, value, valueLabel]);

  /** The stored value expressed with the options' own values, so antd shows their labels. */
  const shown = useMemo(() => {
    const match = (v: string | number) => options.find((o) => sameValue(o.value, v))?.value ?? v;
    if (value === undefined || value === null || value === '') return multiple ? [] : undefined;
    if (Array.isArray(value)) return value.map(match);
    return match(value);
  }, [value, options, multiple]);

  function handleSearch(text: string) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSearch(text), SEARCH_DELAY_MS);
  }

  function handleChange(next: RemoteSelectValue) {
    const chosen = (Array.isArray(next) ? next : next === undefined ? [] : [next]).map(
      (v) => options.find((o) => sameValue(o.value, v)) ?? { label: String(v), value: v },
    );
    onChange?.(next, chosen);
  }

  function handleAdd(text: string) {
    const option = { label: text, value: text };
    setAdded((list) => (list.some((o) => sameValue(o.value, text)) ? list : [...list, option]));
    const current = Array.isArray(value) ? value : [];
    const next = multiple ? [...current.filter((v) => !sameValue(v, text)), text] : text;
    onChange?.(next, multiple ? [...current.map((v) => options.find((o) => sameValue(o.value, v)) ?? { label: String(v), value: v }), option] : [option]);
  }

  const select = (
    <Select<RemoteSelectValue, RemoteOption>
      id={id}
      aria-label={ariaLabel}
      style={{ width: '100%' }}
      value={shown}
      options={options}
      mode={multiple ? 'multiple' : undefined}
      maxCount={multiple ? maxCount : undefined}
      placeholder={placeholder}
      disabled={disabled}
      loading={loading}
      allowClear
      showSearch={remote ? { onSearch: handleSearch, filterOption: false } : { optionFilterProp: 'label' }}
      notFoundContent={failed ? MESSAGES.responseFailed : undefined}
      onChange={handleChange}
    />
  );

  if (!allowAdd) return select;
  return (
    <Space.Compact style={{ width: '100%' }}>
      {select}
      <AddOption onAdd={handleAdd} disabled={disabled} />
    </Space.Compact>
  );
}
