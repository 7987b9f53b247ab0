/** 消息提醒 (api/notification/*): the user's own notifications. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, ListOf, Nullable } from '../wire';

/** A row of api/notification/index; a notify push carries the same fields. */
export const NotificationRowSchema = Type.Object({
  id: Type.Number(),
  cont: Type.String(),
  addtime: Type.String(),
  /** What kind of event (e.g. task, approval, pool warning): the shell reacts to some. */
  kind: Type.String(),
  /** What the notification is about ('task', 'customer', 'approval' or ''), with `modelId`. */
  modelType: Type.String(),
  modelId: Nullable(Type.Number()),
});
export type NotificationRow = Static<typeof NotificationRowSchema>;

export const NotificationListReply = ListOf(NotificationRowSchema);
/** api/notification/setread: how many notifications changed. */
export const NotificationsReadReply = Envelope(Type.Object({ count: Type.Number() }));
