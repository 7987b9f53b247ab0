import { CUSTOMER_NAME_MASK, type ReplyMask } from '../../system/field-mask/reply-masks';
import type { Scene } from '../../shared/data-scope';

/** A contract as the contract select and lists show it (spec §3 Contract; team contract `api/contract/index`). */
export type ContractRow = {
  id: number;
  /** Contract number, the select's option text. */
  orderSn: string;
  title: string;
  customerId: number;
  /** Masked (字***) or empty by the viewer's 客户名称 rule (字段权限). */
  customerName: string;
  /** Amount in yuan; '****' for a viewer to whom 字段权限 masks 合同金额 (absent when hidden). */
  Money: number | string;
  /** 0 待审, 1 审核中, 2 通过, 3 未通过. */
  status: number;
  UserID: number;
  UserName: string;
  /** Creation time, `yyyy-MM-dd HH:mm:ss` Asia/Shanghai. */
  addtime: string;
  /** 'YYYY-MM-DD' or ''. */
  signDate: string;
  endDate: string;
};

/** `api/contract/Views`: what the form engine copies into a form opened for a contract. */
export type ContractDetail = ContractRow & {
  contractId: number;
  startDate: string;
  isInvoiced: number;
  beizhu: string;
  BranchName: string;
};

/** `customerId`: only that customer's contracts (the customer detail's 合同 tab), still within the scope. */
export type ContractListQuery = { page: number; rows: number; key: string; scene: Scene; customerId?: number };

/** 字段权限 on contract replies: the 合同 rules on its own fields, the customer's 客户名称 rule on its name. */
export const CONTRACT_MASK: ReplyMask = [{ entity: 'contract' }, CUSTOMER_NAME_MASK];
