/** A notification is its recipient's alone (record policy, http/record-policy.ts); another user's answers 404, as an unknown one. */
import { peoplesRecordPolicy } from '../shared/people-records';

export const notificationOwn = peoplesRecordPolicy({
  name: 'notification:own',
  summary: '消息：限接收人本人',
  labels: ['消息'],
  table: 'notifications',
  people: ['user_id'],
  missing: '消息不存在',
  refused: '消息不存在',
});
