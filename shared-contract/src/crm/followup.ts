/** A customer's follow-ups (api/customer/kehudetail, api/customer/CustomerTrackAdd). */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, ListOf } from '../wire';

export const FollowupRowSchema = Type.Object({
  id: Type.Number(),
  /** The contact's name, masked or '' by the viewer's 联系人姓名 rule (字段权限 on a carried name: never absent); '' without a contact. */
  contactName: Type.String(),
  /** 跟进状态 (dictionary followup_status) or ''. */
  status: Type.String(),
  /** The 跟进方式 as text (电话, QQ, 微信, 邮件, 短信, 其他). */
  Ext: Type.String(),
  /** `yyyy-MM-dd HH:mm:ss` Asia/Shanghai; nextgenjintime '' when none. */
  genjinTime: Type.String(),
  nextgenjintime: Type.String(),
  beizhu: Type.String(),
  /** 0–5, the index of Ext. */
  gjtype: Type.Number(),
  CretateName: Type.String(),
  CretateTime: Type.String(),
  /** Ids of the files uploaded with the follow-up. */
  files: Type.Array(Type.Number()),
});
export type FollowupRow = Static<typeof FollowupRowSchema>;

export const FollowupListReply = ListOf(FollowupRowSchema);
/** CustomerTrackAdd: the new follow-up's id. */
export const FollowupAddedReply = Envelope(Type.Object({ id: Type.Number() }));
