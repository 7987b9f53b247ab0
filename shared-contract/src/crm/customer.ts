/**
 * Customer replies (api/customer/*), keyed as the spec names the fields. 字段权限 may mask the
 * customer form's text fields (客户名称 masked only: it is never hidden) and mask or hide the others
 * (Maskable): the reply hook runs before the schema.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ContactRowSchema } from './contact';
import { FollowupRowSchema } from './followup';
import { Done, Envelope, ListOf, Maskable, Nullable } from '../wire';

/** api/customer/GetRoleType: the customer lists the user may open, with the actions the user has on each. */
export const CustomerRoleViewsReply = Envelope(
  Type.Object({
    roleName: Type.String(),
    dataScope: Type.String(),
    views: Type.Array(
      Type.Object({
        view: Type.String(),
        title: Type.String(),
        scenes: Type.Array(Type.String()),
        columns: Type.Array(Type.String()),
        actions: Type.Array(Type.String()),
        create: Type.Boolean(),
      }),
    ),
  }),
);
export type CustomerRoleViews = NonNullable<Static<typeof CustomerRoleViewsReply>['data']>;

/** A customer as the lists (api/customer/index) and the detail return it. */
export const CustomerRowSchema = Type.Object({
  id: Type.Number(),
  code: Type.String(),
  CustomerName: Type.String(),
  contact_name: Maskable(),
  contact_mobile: Maskable(),
  LaiYuan: Type.Number(),
  LaiYuanName: Type.String(),
  /** A, B, C or '' (masked: its first character and ***). */
  level: Maskable(),
  industry: Maskable(),
  address: Maskable(),
  beizhu: Maskable(),
  /** The owner, 0 for none (the public pool). */
  UserID: Type.Number(),
  UserName: Type.String(),
  BranchName: Type.String(),
  AddTime: Type.String(),
  UpdateTime: Type.String(),
  genjinTime: Type.String(),
  nextgenjintime: Type.String(),
  /** 1 未成交, 2 已成交, 3 线索. */
  clue: Type.Number(),
  /** 1: in the public pool. */
  gonghai: Type.Number(),
  /** Pinned (setTop) by the requesting user: pinned rows come first. */
  isTop: Type.Number(),
  watchuserid: Type.Number(),
  /** Watched (AddMykehu) by the requesting user. */
  watched: Type.Number(),
  blacklisted: Type.Number(),
  blackReason: Type.String(),
  poolReason: Type.String(),
  /** Days since it entered the pool (pool only). */
  poolDays: Nullable(Type.Number()),
  previousOwner: Type.String(),
  /** Days until it returns to the pool (owned, not exempt), else null. */
  recycleDays: Nullable(Type.Number()),
  locked: Type.Number(),
  closeReason: Type.String(),
  ownedAt: Type.String(),
  /** 再分配: who gave it to the current owner, when, and whether the owner has opened it since (1: not yet). */
  assignedBy: Type.String(),
  assignedAt: Type.String(),
  unseen: Type.Number(),
});
export type CustomerRow = Static<typeof CustomerRowSchema>;

/** A contact in the customer detail: the contact row without its customer (字段权限 of 联系人 on its fields). */
export const CustomerContactSchema = Type.Omit(ContactRowSchema, ['customerId']);
export type CustomerContact = Static<typeof CustomerContactSchema>;

/** A follow-up in the customer detail: part of the follow-up row. */
export const CustomerFollowUpSchema = Type.Pick(FollowupRowSchema, ['id', 'genjinTime', 'gjtype', 'beizhu', 'CretateName']);
export type CustomerFollowUp = Static<typeof CustomerFollowUpSchema>;

export const CustomerDetailSchema = Type.Composite([
  CustomerRowSchema,
  Type.Object({ contacts: Type.Array(CustomerContactSchema), followups: Type.Array(CustomerFollowUpSchema) }),
]);
export type CustomerDetail = Static<typeof CustomerDetailSchema>;

/** api/customer/index. */
export const CustomerListReply = ListOf(CustomerRowSchema);
/** api/customer/Views. */
export const CustomerDetailReply = Envelope(CustomerDetailSchema);

/** api/customer/Subtotal: the counts of the detail's tabs (回款, 财务, 付款: always 0, no such records yet). */
export const CustomerSubtotalSchema = Type.Object({
  followups: Type.Number(),
  contact: Type.Number(),
  contract: Type.Number(),
  recpay: Type.Number(),
  finance: Type.Number(),
  files: Type.Number(),
  payment: Type.Number(),
  logs: Type.Number(),
});
export type CustomerSubtotal = Static<typeof CustomerSubtotalSchema>;
export const CustomerSubtotalReply = Envelope(CustomerSubtotalSchema);

/** api/customer/CustomerAddEndit: the saved customer's id. */
export const CustomerSavedSchema = Type.Object({ id: Type.Number() });
export type CustomerSaved = Static<typeof CustomerSavedSchema>;
export const CustomerSaveReply = Envelope(CustomerSavedSchema);

/** The actions on selected customers (blacklist, pool, receive, assign, transfer): how many changed. */
export const CustomerCountReply = Envelope(Type.Object({ count: Type.Number() }));
/** api/customer/setTop: 1 pinned, 0 unpinned. */
export const CustomerPinSchema = Type.Object({ isTop: Type.Number() });
export type CustomerPin = Static<typeof CustomerPinSchema>;
export const CustomerPinReply = Envelope(CustomerPinSchema);
/** api/customer/AddMykehu: 1 watched, 0 not. */
export const CustomerWatchReply = Envelope(Type.Object({ watched: Type.Number() }));

/** api/customer/kehuCounts: the menu badges travel as JSON text in `msg` (CustomerMenuCountsSchema). */
export const CustomerMenuCountsReply = Done;
export type CustomerMenuCountsReply = Static<typeof CustomerMenuCountsReply>;
/** The JSON in kehuCounts' `msg`. */
export const CustomerMenuCountsSchema = Type.Object({ 再分配number: Type.Number(), 我的number: Type.Number() });
export type CustomerMenuCounts = Static<typeof CustomerMenuCountsSchema>;

/** api/OpportLogs/Logs: a customer's (or a contract's) operation log; `Ext` quotes values as the viewer sees their fields. */
export const OpportLogRowSchema = Type.Object({
  id: Type.Number(),
  Header: Type.String(),
  NickName: Type.String(),
  AddTime: Type.String(),
  Ext: Type.String(),
  type: Type.String(),
});
export type OpportLogRow = Static<typeof OpportLogRowSchema>;
export const OpportLogListReply = ListOf(OpportLogRowSchema);

/**
 * api/customer/CheckDuplicate (查重): a match outside the user's scope says only that it exists, its
 * owner and department (negative id, empty name, contact and time; `visible` false).
 */
export const CustomerDuplicateRowSchema = Type.Object({
  id: Type.Number(),
  CustomerName: Type.String(),
  contact_name: Maskable(),
  contact_mobile: Maskable(),
  UserName: Type.String(),
  BranchName: Type.String(),
  AddTime: Type.String(),
  gonghai: Type.Number(),
  visible: Type.Boolean(),
});
export type CustomerDuplicateRow = Static<typeof CustomerDuplicateRowSchema>;
export const CustomerDuplicateListReply = ListOf(CustomerDuplicateRowSchema);

/** api/customer/ceshilist: customers in scope sharing a primary mobile (shown as 字段权限 shows 手机号码), grouped. */
export const CustomerDuplicateGroupSchema = Type.Object({
  mobile: Type.String(),
  count: Type.Number(),
  customers: Type.Array(Type.Object({ id: Type.Number(), CustomerName: Type.String(), UserName: Type.String(), AddTime: Type.String() })),
});
export type CustomerDuplicateGroup = Static<typeof CustomerDuplicateGroupSchema>;
export const CustomerDuplicateGroupListReply = ListOf(CustomerDuplicateGroupSchema);

/** api/customer/ExportStart: the background export's job and the number of rows it writes. */
export const CustomerExportJobSchema = Type.Object({ jobId: Type.String(), total: Type.Number() });
export type CustomerExportJob = Static<typeof CustomerExportJobSchema>;
export const CustomerExportStartReply = Envelope(CustomerExportJobSchema);
/** api/customer/CustomerExportProgress. */
export const CustomerExportProgressSchema = Type.Object({ done: Type.Number(), total: Type.Number(), finished: Type.Boolean() });
export type CustomerExportProgress = Static<typeof CustomerExportProgressSchema>;
export const CustomerExportProgressReply = Envelope(CustomerExportProgressSchema);
