/** 打印模板 (api/printTemp/*): HTML templates with {{field}} placeholders per record type. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, ListOf } from '../wire';

/** A row of api/printTemp/index (newest first). `module`: contract, entry, baoxiao or customer; `status` 1 enabled. */
export const PrintTemplateRowSchema = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  module: Type.String(),
  status: Type.Number(),
  /** Who created it (nick name). */
  UserName: Type.String(),
  UpdateTime: Type.String(),
});
export type PrintTemplateRow = Static<typeof PrintTemplateRowSchema>;

/** api/printTemp/detail: a template with its content. */
export const PrintTemplateDetailSchema = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  module: Type.String(),
  content: Type.String(),
  status: Type.Number(),
});
export type PrintTemplateDetail = Static<typeof PrintTemplateDetailSchema>;

export const PrintTemplateListReply = ListOf(PrintTemplateRowSchema);
export const PrintTemplateDetailReply = Envelope(PrintTemplateDetailSchema);
/** api/printTemp/add: the new template's id. */
export const PrintTemplateAddedReply = Envelope(Type.Object({ id: Type.Number() }));
/** api/printTemp/status: the template's new status (1 enabled, 0 disabled). */
export const PrintTemplateStatusReply = Envelope(Type.Object({ status: Type.Number() }));
