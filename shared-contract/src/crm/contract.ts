/** Contracts (api/contract/index, api/contract/Views): the contract select, lists and the form prefill. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, ListOf, MaskableValue } from '../wire';

export const ContractRowSchema = Type.Object({
  id: Type.Number(),
  /** Contract number, the select's option text. */
  orderSn: Type.String(),
  title: Type.String(),
  customerId: Type.Number(),
  /** The customer's 客户名称, masked (字***) or '' by the viewer's rule (字段权限 on a carried name: never absent). */
  customerName: Type.String(),
  /** Amount in yuan; '****' when 字段权限 masks 合同金额, absent when it hides it. */
  Money: MaskableValue(),
  /** 0 待审, 1 审核中, 2 通过, 3 未通过. */
  status: Type.Number(),
  UserID: Type.Number(),
  UserName: Type.String(),
  /** Creation time, `yyyy-MM-dd HH:mm:ss` Asia/Shanghai. */
  addtime: Type.String(),
  /** 'YYYY-MM-DD' or ''. */
  signDate: Type.String(),
  endDate: Type.String(),
});
export type ContractRow = Static<typeof ContractRowSchema>;

/** api/contract/Views: what the form engine copies into a form opened for a contract (and the printout). */
export const ContractDetailSchema = Type.Composite([
  ContractRowSchema,
  Type.Object({
    contractId: Type.Number(),
    startDate: Type.String(),
    isInvoiced: Type.Number(),
    beizhu: Type.String(),
    BranchName: Type.String(),
  }),
]);
export type ContractDetail = Static<typeof ContractDetailSchema>;

export const ContractListReply = ListOf(ContractRowSchema);
export const ContractDetailReply = Envelope(ContractDetailSchema);
