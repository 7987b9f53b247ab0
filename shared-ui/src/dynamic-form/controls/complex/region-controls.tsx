/** city: [provinceId, cityId]; county: [provinceId, cityId, districtId]. field2, when set, gets the names. */
import { RegionCascader } from '../../../widgets/region-cascader';
import type { ControlProps } from '../../types';
import { listOf } from './control-values';

function regionControl(levels: 2 | 3) {
  return function RegionControl({ field, value, onChange, setFormValue, disabled, id }: ControlProps) {
    return (
      <RegionCascader
        id={id}
        levels={levels}
        value={listOf<number | string>(value)}
        disabled={disabled || field.readonly}
        placeholder={field.placeholder ?? '请选择'}
        onChange={(ids, names) => {
          if (field.field2) setFormValue(field.field2, names.join(' '));
          onChange?.(ids ?? []);
        }}
      />
    );
  };
}

export const CityControl = regionControl(2);
export const CountyControl = regionControl(3);
