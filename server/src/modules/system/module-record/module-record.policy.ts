/** Who may reach a custom form's record (record policy, http/record-policy.ts): its creator, and form administrators (system customForm). */
import { peoplesRecordPolicy } from '../../shared/people-records';
import { isFormAdmin, MSG_RECORD_FORBIDDEN, MSG_RECORD_NOT_FOUND } from './module-record.service';

export const moduleRecordOwn = peoplesRecordPolicy({
  name: 'module-record:own',
  summary: '自定义表单记录：限创建人；表单管理员（system customForm）可维护全部',
  labels: ['记录'],
  table: 'module_records',
  people: ['created_by'],
  missing: MSG_RECORD_NOT_FOUND,
  refused: MSG_RECORD_FORBIDDEN,
  otherwise: (_ctx, actor) => isFormAdmin(actor),
});
