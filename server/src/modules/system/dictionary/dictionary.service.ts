import type { DbOrTx } from '../../../db/database';

/** One choice of a dictionary as `statusSelect` reads it (optionText `name`, optionValue `id` by default). */
export type DictionaryOption = { id: number; name: string; value: string; colour: string };

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
