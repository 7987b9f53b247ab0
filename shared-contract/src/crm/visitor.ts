/** 访客登记 (api/customer/visitorsIndex, visitorsAdd, visitorsTurn). */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, ListOf } from '../wire';

export const VisitorRowSchema = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  /** For a visitor matched to a customer, that customer's 手机号码: masked or '' by the viewer's rule (字段权限; never absent). */
  mobile: Type.String(),
  company: Type.String(),
  /** 来访目的 (dictionary visit_purpose) or ''. */
  purpose: Type.String(),
  /** The receptionist's name, '' when unknown. */
  receptionist: Type.String(),
  /** `yyyy-MM-dd HH:mm:ss` Asia/Shanghai; leftAt '' when not left. */
  arrivedAt: Type.String(),
  leftAt: Type.String(),
  remark: Type.String(),
  /** The customer the visitor became, or the one whose 手机号码 is the visitor's; 0 unmatched. */
  customerId: Type.Number(),
  /** That customer's 客户名称, masked or '' by the viewer's rule (字段权限); '' unmatched. */
  customerName: Type.String(),
});
export type VisitorRow = Static<typeof VisitorRowSchema>;

export const VisitorListReply = ListOf(VisitorRowSchema);
/** visitorsAdd: the visitor's id; visitorsTurn: the new customer's id. */
export const VisitorSavedReply = Envelope(Type.Object({ id: Type.Number() }));
