import { Type } from '@sinclair/typebox';
import { Fields, MESSAGES_KEYWORD, OneOf, RequiredText } from '../../../http/input-fields';
import { MSG_IMPORT_EXPIRED } from './batch-import';

const MSG_MAPPING = '请设置导入字段的对应关系';

/** The token of an uploaded sheet (answered like an expired one when missing). */
const ImportToken = RequiredText('导入文件', 64, { messages: { missing: MSG_IMPORT_EXPIRED, tooLong: MSG_IMPORT_EXPIRED } });

/** The inputs of an import's calls: the token, and for the dry run and the import the column mapping. */
export const ImportTokenInput = Fields({ token: ImportToken });
export const ImportInput = Fields({
  token: ImportToken,
  // Field key → 0-based column index of the sheet (a JSON object, or its text in a form).
  mapping: Type.Record(Type.String(), Type.Integer({ minimum: 0, maximum: 10_000 }), {
    title: '导入字段的对应关系',
    [MESSAGES_KEYWORD]: { missing: MSG_MAPPING, invalid: MSG_MAPPING },
  }),
  // Rows duplicating existing records, where the list offers the choice (公海 import): 跳过 or 导入为新客户.
  duplicates: OneOf('重复数据的处理方式', ['skip', 'new'] as const, 'skip', { messages: { invalid: '重复数据的处理方式只能是跳过或导入为新客户' } }),
});
