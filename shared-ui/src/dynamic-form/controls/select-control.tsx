/**
 * select: a choice among the field's options, or among options loaded from `field.url` (then it
 * behaves like jcselect). Several choices (`multiple`) are held comma-joined.
 */
import { Select } from 'antd';
import { choicesOf, joinChoices, matchOption, type Choice } from './choice-value';
import { RemoteChoiceControl } from './remote-choice-control';
import type { ControlProps } from '../types';

export function SelectControl(props: ControlProps) {
  if (props.field.url) return <RemoteChoiceControl {...props} />;
  return <StaticSelect {...props} options={props.field.options ?? []} />;
}

/** A select over options already known (the field's own, or loaded by the caller). */
export function StaticSelect({
  field,
  value,
  onChange,
  disabled,
  id,
  options,
  loading,
}: ControlProps & { options: readonly { label: string; value: Choice }[]; loading?: boolean }) {
  const multiple = Boolean(field.multiple);
  const shown = multiple ? choicesOf(value).map((v) => matchOption(v, options) as Choice) : matchOption(value, options);
  return (
    <Select<Choice | Choice[]>
      id={id}
      style={{ width: '100%' }}
      value={shown}
      options={options.map((o) => ({ label: o.label, value: o.value }))}
      mode={multiple ? 'multiple' : undefined}
      maxCount={multiple ? field.multipleLimit || undefined : undefined}
      placeholder={field.placeholder ?? '请选择'}
      disabled={disabled || field.readonly}
      loading={loading}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      onChange={(next) => onChange?.(Array.isArray(next) ? joinChoices(next) : next)}
    />
  );
}
