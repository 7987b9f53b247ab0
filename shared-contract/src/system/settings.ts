/** 基础设置 (api/setting/*): the page's settings, the company's name and logo, the change log. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, ListOf } from '../wire';

/** prefix + Shanghai date (yyyyMMdd, or none) + a sequence of `digits` that restarts every day. */
export const NumberingRuleSchema = Type.Object({ prefix: Type.String(), withDate: Type.Boolean(), digits: Type.Number() });
export type NumberingRule = Static<typeof NumberingRuleSchema>;

export const CompanyBrandSchema = Type.Object({ companyName: Type.String(), companyLogo: Type.String() });
export type CompanyBrand = Static<typeof CompanyBrandSchema>;
/** api/setting/company (every logged-in user: the top bar). */
export const CompanyBrandReply = Envelope(CompanyBrandSchema);

/** api/setting/index: every group, with what the page offers (number kinds, 客户级别 values, the server's upload limit). */
export const SettingsPageSchema = Type.Object({
  companyName: Type.String(),
  companyLogo: Type.String(),
  poolNoFollowupDays: Type.Number(),
  poolNoDealDays: Type.Number(),
  poolWarningDays: Type.Number(),
  claimLimitPerDay: Type.Number(),
  reclaimWaitDays: Type.Number(),
  ownershipCap: Type.Number(),
  capCountsDealt: Type.Boolean(),
  /** 客户级别 value → its own no-follow-up recycle days (levels not listed use poolNoFollowupDays). */
  poolLevelDays: Type.Record(Type.String(), Type.Number()),
  passwordMinLength: Type.Number(),
  passwordClasses: Type.Number(),
  loginFailLimit: Type.Number(),
  sessionHours: Type.Number(),
  uploadMaxMb: Type.Number(),
  /** Number kind (customer, contract, entry, baoxiao) → its rule. */
  numbering: Type.Record(Type.String(), NumberingRuleSchema),
  numberKinds: Type.Array(Type.Object({ key: Type.String(), name: Type.String() })),
  /** The server's own upload limit (MB): uploadMaxMb cannot go above it. */
  uploadLimitMb: Type.Number(),
  /** The 客户级别 dictionary values the pool card offers per-level recycle days for. */
  poolLevels: Type.Array(Type.Object({ value: Type.String(), name: Type.String() })),
});
export type SettingsPage = Static<typeof SettingsPageSchema>;
export const SettingsPageReply = Envelope(SettingsPageSchema);

/** A change of one group (api/setting/logs): old and new values as the stored JSON. */
export const SettingsLogRowSchema = Type.Object({
  id: Type.Number(),
  /** The group's Chinese name. */
  group: Type.String(),
  oldValue: Type.String(),
  newValue: Type.String(),
  UserName: Type.String(),
  AddTime: Type.String(),
});
export type SettingsLogRow = Static<typeof SettingsLogRowSchema>;
export const SettingsLogReply = ListOf(SettingsLogRowSchema);
