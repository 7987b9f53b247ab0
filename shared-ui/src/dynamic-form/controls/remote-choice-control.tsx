/**
 * A select whose options come from the server (jcselect, and select/statusSelect given a url):
 * the generic RemoteSelect fed with the field's url, method, params (re-parameterised by the
 * parent field), loadFilter and option keys. The chosen text goes to `field2` when there is one,
 * so the record reads back without asking the server again.
 */
import { DEFAULT_DATA_TYPE } from '@portal/shared-core';
import { RemoteSelect, type RemoteSelectValue } from '../../remote-select/remote-select';
import type { RemoteOptionsSource } from '../../remote-select/use-remote-options';
import { parentReady } from '../fields';
import { choicesOf, joinChoices } from './choice-value';
import type { ControlProps, FieldDefinition } from '../types';

/** Without a url, the generic select lists contracts (spec §7: api/contract/index, dataType all, key). */
export const DEFAULT_REMOTE_SOURCE = {
  url: 'api/contract/index',
  params: { dataType: DEFAULT_DATA_TYPE },
  loadFilter: 'rows',
  optionText: 'orderSn',
  optionValue: 'id',
} as const;

export function remoteSourceOf(field: FieldDefinition, params: Record<string, unknown>): RemoteOptionsSource {
  if (!field.url) {
    return {
      url: DEFAULT_REMOTE_SOURCE.url,
      method: field.method,
      params: { ...DEFAULT_REMOTE_SOURCE.params, ...params },
      loadFilter: field.loadFilter ?? DEFAULT_REMOTE_SOURCE.loadFilter,
      optionText: field.optionText ?? DEFAULT_REMOTE_SOURCE.optionText,
      optionValue: field.optionValue ?? DEFAULT_REMOTE_SOURCE.optionValue,
    };
  }
  return { url: field.url, method: field.method, params, loadFilter: field.loadFilter, optionText: field.optionText, optionValue: field.optionValue };
}

export function RemoteChoiceControl({ field, value, onChange, params, disabled, getFormValue, setFormValue, id }: ControlProps) {
  const multiple = Boolean(field.multiple);
  const label = field.field2 ? getFormValue(field.field2) : undefined;

  function handleChange(next: RemoteSelectValue, chosen: { label: string }[]) {
    onChange?.(Array.isArray(next) ? joinChoices(next) : next);
    if (field.field2) setFormValue(field.field2, multiple ? chosen.map((o) => o.label).join(',') : chosen[0]?.label);
  }

  return (
    <RemoteSelect
      id={id}
      {...remoteSourceOf(field, params)}
      value={multiple ? choicesOf(value) : (value as RemoteSelectValue)}
      onChange={handleChange}
      remote={field.remote}
      enabled={parentReady(field, getFormValue)}
      multiple={multiple}
      maxCount={field.multipleLimit || undefined}
      placeholder={field.placeholder ?? '请选择'}
      disabled={disabled || field.readonly}
      allowAdd={field.onHand}
      valueLabel={!multiple && typeof label === 'string' ? label : undefined}
    />
  );
}
