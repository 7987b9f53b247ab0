/** contract: value the contract id, field2 its orderSn; a remote select over the contracts. */
import { ContractSelect } from '../../../pickers/contract-select';
import type { ControlProps } from '../../types';
import { idOf, textOf } from './control-values';

export function ContractControl({ field, value, onChange, getFormValue, setFormValue, params, disabled, id }: ControlProps) {
  return (
    <ContractSelect
      id={id}
      value={idOf(value)}
      label={textOf(field.field2 ? getFormValue(field.field2) : '')}
      params={params}
      disabled={disabled || field.readonly}
      placeholder={field.placeholder ?? '请选择合同'}
      onChange={(contractId, contract) => {
        if (field.field2) setFormValue(field.field2, contract?.orderSn ?? '');
        onChange?.(contractId ?? '');
      }}
    />
  );
}
