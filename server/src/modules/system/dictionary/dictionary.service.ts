import type { DictionaryOption } from '@portal/shared-contract';
import type { DbOrTx } from '../../../db/database';

/** One choice of a dictionary as `statusSelect` reads it (optionText `name`, optionValue `id` by default): the contract's. */
export type { DictionaryOption };

/** The enabled values of one dictionary type, in order. */
export async function dictionaryOptions(db: DbOrTx, typeCode: string): Promise<DictionaryOption[]> {
  return db
    .selectFrom('dict_values')
    .select(['id', 'label as name', 'value', 'colour'])
    .where('type_code', '=', typeCode)
    .where('enabled', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}
