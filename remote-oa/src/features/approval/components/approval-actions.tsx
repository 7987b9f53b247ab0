/**
 * The action bar of the approval panel: the comment box (≤300) and 同意 / 重新提交, 退回 (to a passed
 * node, or 不通过), 转交, 评论, 抄送, 撤回 and 催办, each shown only when the caller may use it.
 */
import { useState } from 'react';
import { App, Button, Flex, Input, Radio, Space, Typography } from 'antd';
import { CC_MAX, STEP_STATUS, TEXT_MAX, useDataChange } from '@portal/shared-core';
import { DynamicFormPanel, UserPicker, type PickedUser } from '@portal/shared-ui';
import * as approvalApi from '../api/approval-api';
import type { ApprovalDetail } from '@portal/shared-contract';
import type { CcUser } from '../api/approval-types';
import { EXPENSE_FORM } from '../api/submit-api';
import { useApprovalCommand } from '../api/use-approval-queries';

export const REFUSE_OUTRIGHT = '__refuse__';

const toCc = (users: readonly PickedUser[]): CcUser[] => users.map(({ userid, username, header }) => ({ userid, username, header }));

export function ApprovalActions({ detail, onDone }: { detail: ApprovalDetail; onDone: (status?: number) => void }) {
  const { modal } = App.useApp();
  const [ext, setExt] = useState('');
  const [returnOpen, setReturnOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const applyChange = useDataChange();
  const [target, setTarget] = useState<string>(REFUSE_OUTRIGHT);
  const step = detail.myStep;
  const taskid = detail.task.id;
  const approve = useApprovalCommand((cc: CcUser[]) => approvalApi.approve(step?.id ?? 0, ext, cc));
  const refuse = useApprovalCommand((nodeId: string) => approvalApi.refuse(step?.id ?? 0, ext, nodeId === REFUSE_OUTRIGHT ? '' : nodeId));
  const forward = useApprovalCommand((user: CcUser) => approvalApi.forward(step?.id ?? 0, user, ext));
  const comment = useApprovalCommand(() => approvalApi.createComment(taskid, ext));
  const cc = useApprovalCommand((users: CcUser[]) => approvalApi.addCc(taskid, users));
  const revoke = useApprovalCommand(() => approvalApi.revoke(taskid));
  const urge = useApprovalCommand(() => approvalApi.urge(taskid));
  const deciding = step !== null && step.Status < STEP_STATUS.completed;
  const isStart = step?.type === 'start';
  const canCc = detail.role === 'submitter' || detail.role === 'approver';

  const after = (reply: { data?: { Status?: number } } | unknown) => {
    setExt('');
    onDone((reply as { data?: { Status?: number } })?.data?.Status);
  };

  return (
    <div>
      <Input.TextArea
        value={ext}
        onChange={(e) => setExt(e.target.value)}
        maxLength={TEXT_MAX}
        showCount
        rows={3}
        placeholder="审批意见 / 评论"
        aria-label="审批意见"
      />
      <Flex gap={8} wrap style={{ marginTop: 8 }}>
        {deciding ? (
          <>
            <Button type="primary" loading={approve.isPending} onClick={() => approve.mutateAsync([]).then(after)}>
              {isStart ? '重新提交' : '同意'}
            </Button>
            {isStart && detail.task.modelType === EXPENSE_FORM ? <Button onClick={() => setEditing(true)}>编辑报销单</Button> : null}
            {!isStart ? (
              <Button
                danger
                onClick={() => {
                  // Start on the previous node (the last one passed): a hurried 退回 → 确定 must not end the approval.
                  setTarget(step?.returnTargets.at(-1)?.NodeID ?? REFUSE_OUTRIGHT);
                  setReturnOpen(true);
                }}
              >
                退回
              </Button>
            ) : null}
            {!isStart ? (
              <UserPicker
                max={1}
                buttonText="转交"
                value={[]}
                onChange={(users) => {
                  const [user] = users;
                  if (!user) return;
                  modal.confirm({ title: '转交', content: `确定转交给 ${user.username}？`, onOk: () => forward.mutateAsync(toCc([user])[0]).then(after) });
                }}
              />
            ) : null}
          </>
        ) : null}
        <Button disabled={!ext.trim()} loading={comment.isPending} onClick={() => comment.mutateAsync(undefined).then(after)}>
          评论
        </Button>
        {canCc ? <UserPicker max={CC_MAX} buttonText="抄送" value={[]} onChange={(users) => users.length && cc.mutate(toCc(users))} /> : null}
        {detail.canRevoke ? (
          <Button onClick={() => modal.confirm({ title: '撤回', content: '确定撤回此审批？', onOk: () => revoke.mutateAsync(undefined).then(after) })}>
            撤回
          </Button>
        ) : null}
        {detail.canUrge ? (
          <Button loading={urge.isPending} onClick={() => urge.mutate(undefined)}>
            催办
          </Button>
        ) : null}
      </Flex>
      {editing ? (
        <DynamicFormPanel
          open
          module={EXPENSE_FORM}
          id={String(detail.task.modelId)}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            // The instance shows the edited values: the panel and the lists reload.
            void applyChange({ type: 'approval-changed' });
          }}
        />
      ) : null}
      {returnOpen ? (
        <div role="dialog" aria-label="退回" style={{ marginTop: 12, padding: 12, border: '1px solid #f0f0f0', borderRadius: 6 }}>
          <Typography.Text strong>退回到</Typography.Text>
          <Radio.Group value={target} onChange={(e) => setTarget(e.target.value as string)} style={{ display: 'block', marginTop: 8 }}>
            <Space orientation="vertical">
              {(step?.returnTargets ?? []).map((t) => (
                <Radio key={t.NodeID} value={t.NodeID}>
                  {t.StepName}
                  {t.UserName ? `（${t.UserName}）` : ''}
                </Radio>
              ))}
              <Radio value={REFUSE_OUTRIGHT}>不通过（结束审批）</Radio>
            </Space>
          </Radio.Group>
          <Space style={{ marginTop: 8 }}>
            <Button
              danger
              type="primary"
              loading={refuse.isPending}
              onClick={() =>
                refuse.mutateAsync(target).then((r) => {
                  setReturnOpen(false);
                  after(r);
                })
              }
            >
              确定
            </Button>
            <Button onClick={() => setReturnOpen(false)}>取消</Button>
          </Space>
        </div>
      ) : null}
    </div>
  );
}
