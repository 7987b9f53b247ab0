/**
 * statusSelect: a choice from a status dictionary, `GET api/Status/json?types={params.types}`, or
 * from the field's own options when it has them.
 */
import { useRemoteOptions } from '../../remote-select/use-remote-options';
import { StaticSelect } from './select-control';
import type { ControlProps } from '../types';

export const STATUS_OPTIONS_URL = 'api/Status/json';

export function StatusSelectControl(props: ControlProps) {
  const { field, params } = props;
  const own = field.options ?? [];
  const { options, loading } = useRemoteOptions(
    {
      url: field.url ?? STATUS_OPTIONS_URL,
      method: field.url ? field.method : 'get',
      params: field.url ? params : { types: params.types },
      loadFilter: field.loadFilter,
      optionText: field.optionText ?? 'name',
      optionValue: field.optionValue ?? 'id',
    },
    { enabled: own.length === 0 },
  );
  return <StaticSelect {...props} options={own.length > 0 ? own : options} loading={loading} />;
}
