/** 报销 (api/baoxiao/*): the caller's claims, a claim's detail, and what saving one answers. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, ListOf } from '../wire';

/** A row of 我的报销单 (api/baoxiao/index); `Money` in yuan with two decimals, `taskid` the approval instance (0 before one). */
export const ExpenseRowSchema = Type.Object({
  id: Type.Number(),
  /** 1 个人, 2 部门, 3 项目. */
  type: Type.Number(),
  typeName: Type.String(),
  title: Type.String(),
  Money: Type.String(),
  riqi: Type.String(),
  status: Type.Number(),
  statusText: Type.String(),
  taskid: Type.Number(),
  AddTime: Type.String(),
});
export type ExpenseRow = Static<typeof ExpenseRowSchema>;

/** A receipt picture: a stored file's `{id, url}`, or `{url}` alone when the client sent a bare address. */
export const ExpensePictureSchema = Type.Object({ id: Type.Optional(Type.Number()), url: Type.String() });
export type ExpensePicture = Static<typeof ExpensePictureSchema>;

/** At most this many receipt pictures on a claim, and on each of its lines. */
export const EXPENSE_PICTURES_MAX = 9;
/** At most this many 费用明细 lines on a claim. */
export const EXPENSE_LINES_MAX = 50;

/**
 * A receipt picture as api/baoxiao/add and edit take it: a bare address, or the picture picker's
 * `{id, url}` (its other fields, e.g. `filename`, are dropped; `id` 0 is a picture stored without one).
 */
export const ExpensePictureInputSchema = Type.Union([
  Type.String(),
  Type.Object({ id: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })), url: Type.String() }, { additionalProperties: false }),
]);
export type ExpensePictureInput = Static<typeof ExpensePictureInputSchema>;

/** A claim's 票据照片: a JSON list (form-encoded as its text); at most nine. */
export const ExpensePictureListSchema = Type.Array(ExpensePictureInputSchema, { maxItems: EXPENSE_PICTURES_MAX });
export type ExpensePictureList = Static<typeof ExpensePictureListSchema>;

/** An amount in yuan as the client sends it: a number or its text (at most two decimals, above 0: the server checks). */
export const ExpenseAmountInputSchema = Type.Union([Type.String(), Type.Number()]);
export type ExpenseAmountInput = Static<typeof ExpenseAmountInputSchema>;

/**
 * A 费用明细 line as the form's rows send it (or as Views answered it: its `id` is dropped): `amount` the
 * 金额 (required, checked line by line by the server), `ext` the 内容 (`note` the same, as Views names it),
 * `riqi` yyyy-mm-dd, `category` a value of the expense_type dictionary, `pictures` at most nine receipts.
 */
export const ExpenseLineInputSchema = Type.Object(
  {
    riqi: Type.Optional(Type.String()),
    amount: Type.Optional(ExpenseAmountInputSchema),
    category: Type.Optional(Type.String()),
    ext: Type.Optional(Type.String()),
    note: Type.Optional(Type.String()),
    pictures: Type.Optional(Type.Array(ExpensePictureInputSchema)),
  },
  { additionalProperties: false },
);
export type ExpenseLineInput = Static<typeof ExpenseLineInputSchema>;

/** A claim's 费用明细: a JSON list (form-encoded as its text) of lines; at most fifty. */
export const ExpenseLineListSchema = Type.Array(ExpenseLineInputSchema, { maxItems: EXPENSE_LINES_MAX });
export type ExpenseLineList = Static<typeof ExpenseLineListSchema>;

/** A line of a claim: `ext` is its 内容 (text), `amount` its 金额 in yuan. */
export const ExpenseLineSchema = Type.Object({
  id: Type.Number(),
  riqi: Type.String(),
  ext: Type.String(),
  amount: Type.String(),
  category: Type.String(),
  note: Type.String(),
  pictures: Type.Array(ExpensePictureSchema),
});
export type ExpenseLine = Static<typeof ExpenseLineSchema>;

/** api/baoxiao/Views: the claim as the form names its fields (`type` as text, as the form's select holds it). */
export const ExpenseDetailSchema = Type.Object({
  id: Type.Number(),
  type: Type.String(),
  typeName: Type.String(),
  title: Type.String(),
  Money: Type.String(),
  riqi: Type.String(),
  /** '' when the claim has no department. */
  branchId: Type.Union([Type.Number(), Type.Literal('')]),
  branchName: Type.String(),
  project: Type.String(),
  beizhu: Type.String(),
  pictures: Type.Array(ExpensePictureSchema),
  items: Type.Array(ExpenseLineSchema),
  status: Type.Number(),
  statusText: Type.String(),
  taskid: Type.Number(),
  UserName: Type.String(),
  AddTime: Type.String(),
  /** The caller's own claim, 待审 or 未通过. */
  editable: Type.Boolean(),
});
export type ExpenseDetail = Static<typeof ExpenseDetailSchema>;

/** api/baoxiao/add and edit: the claim and the approval instance it went to. */
export const ExpenseSavedSchema = Type.Object({ id: Type.Number(), taskid: Type.Number() });
export type ExpenseSaved = Static<typeof ExpenseSavedSchema>;

export const ExpenseListReply = ListOf(ExpenseRowSchema);
export const ExpenseDetailReply = Envelope(ExpenseDetailSchema);
export const ExpenseSavedReply = Envelope(ExpenseSavedSchema);
