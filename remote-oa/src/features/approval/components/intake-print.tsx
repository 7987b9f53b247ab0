/**
 * 打印 on a 进件 instance (form mode `intake`): the enabled 进件 template (module `entry`), filled from
 * the snapshot the approvers read, with the submitter, submission time and the approval's status.
 */
import { APPROVAL_STATUS_LABELS } from '@portal/shared-core';
import { intakePrintValues, PrintRecordButton, type IntakePrintSource } from '@portal/shared-ui';
import type { ApprovalDetail } from '@portal/shared-contract';

export const INTAKE_MODE = 'intake';

export function IntakePrint({ detail }: { detail: ApprovalDetail }) {
  const status = APPROVAL_STATUS_LABELS[detail.task.Status as keyof typeof APPROVAL_STATUS_LABELS]?.label ?? '已撤回';
  const source: IntakePrintSource = { ...(detail.data as IntakePrintSource), UserName: detail.task.UserName, AddTime: detail.task.AddTime };
  return <PrintRecordButton module="entry" title={detail.task.title} values={intakePrintValues(source, status)} />;
}
