/**
 * 报销 inputs as the client sends them (api/baoxiao/add and edit; an approver's node edit is checked
 * against the same fields): the 报销金额, the 费用明细 lines and the 票据照片, structured input schemas
 * of the wire contract. What needs a line's number in its message (第N行金额…, 第N行票据最多9张) is
 * checked by the service.
 */
import {
  EXPENSE_LINES_MAX,
  EXPENSE_PICTURES_MAX,
  ExpenseLineListSchema,
  ExpensePictureListSchema,
  type ExpenseAmountInput,
  type ExpenseLineList,
  type ExpensePictureList,
} from '@portal/shared-contract';
import { CloneType, Type } from '@sinclair/typebox';
import { Fields, MESSAGES_KEYWORD } from '../../../http/input-fields';

/** Yuan with at most two decimals (the service also requires it above 0 and bounded). */
export const YUAN_PATTERN = '^\\d+(\\.\\d{1,2})?$';

/** `Money`: a number or its text; without it the lines' total is the claim's. */
export const MoneyField = () =>
  Type.Optional(
    Type.Union([Type.String({ pattern: YUAN_PATTERN }), Type.Number()], { title: '报销金额', [MESSAGES_KEYWORD]: { invalid: '报销金额格式不正确' } }),
  );

/** `items`: a JSON list (or its text) of 费用明细 lines; at most 50. */
export const ExpenseLinesField = () =>
  Type.Optional(
    CloneType(ExpenseLineListSchema, {
      title: '费用明细',
      [MESSAGES_KEYWORD]: { invalid: '费用明细格式不正确', tooMany: `费用明细最多${EXPENSE_LINES_MAX}行` },
    }),
  );

/** `pictures`: a JSON list (or its text) of receipt pictures; at most 9. */
export const ExpensePicturesField = () =>
  Type.Optional(
    CloneType(ExpensePictureListSchema, {
      title: '票据照片',
      [MESSAGES_KEYWORD]: { invalid: '票据照片格式不正确', tooMany: `票据照片最多${EXPENSE_PICTURES_MAX}张` },
    }),
  );

/** The amounts and lists of a claim, as both routes and the approver's node edit (checkInput) take them. */
export const ExpenseAmountFields = { Money: MoneyField(), items: ExpenseLinesField(), pictures: ExpensePicturesField() };
export const ExpenseAmountInputs = Fields(ExpenseAmountFields);

export type ExpenseAmounts = { Money?: ExpenseAmountInput; items?: ExpenseLineList; pictures?: ExpensePictureList };
