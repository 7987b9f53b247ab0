/**
 * What an action on selected customers asks for: a reason (放入公海, 加入黑名单, 关闭线索; at most 300
 * characters, required) or an adviser (分配, 转移: 请选择顾问！). Confirms with the chosen value.
 */
import { useState } from 'react';
import { Form, Input, Modal, Tag } from 'antd';
import { MESSAGES, TEXT_MAX } from '@portal/shared-core';
import { UserPicker, useRemoteOptions, type UserPickerProps } from '@portal/shared-ui';

type Picked = NonNullable<UserPickerProps['value']>;

/** `reasons`: the dictionary whose values are offered as quick picks (pool_reason, lead_close_reason). */
export type ActionAsk = { kind: 'reason' | 'adviser'; title: string; count: number; reasons?: string };

export type CustomerActionModalProps = {
  ask: ActionAsk | null;
  onCancel: () => void;
  onConfirm: (value: { reason?: string; userid?: number }) => Promise<void>;
};

export function CustomerActionModal({ ask, onCancel, onConfirm }: CustomerActionModalProps) {
  const [reason, setReason] = useState('');
  const [picked, setPicked] = useState<Picked>([]);
  const adviser = picked[0]?.userid ?? null;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const quick = useRemoteOptions(
    { url: 'api/Status/json', method: 'get', params: { types: ask?.reasons ?? '' }, optionText: 'name', optionValue: 'value' },
    { enabled: Boolean(ask?.reasons) },
  );

  function reset() {
    setReason('');
    setPicked([]);
    setError(null);
  }

  /** A change of the answer takes the message about it away (请填写原因, 请选择顾问！). */
  function answer(change: () => void) {
    change();
    setError(null);
  }

  async function handleOk() {
    if (!ask) return;
    if (ask.kind === 'reason' && reason.trim() === '') return setError('请填写原因');
    if (ask.kind === 'adviser' && adviser === null) return setError(MESSAGES.advisorRequired);
    setBusy(true);
    try {
      await onConfirm(ask.kind === 'reason' ? { reason: reason.trim() } : { userid: adviser ?? undefined });
      reset();
    } catch {
      // The API client has shown the server's reason; the modal stays open to try again.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={ask !== null}
      title={ask ? `${ask.title}（已选${ask.count}个客户）` : ''}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      onOk={() => void handleOk()}
      onCancel={() => {
        reset();
        onCancel();
      }}
    >
      {ask?.kind === 'reason' ? (
        <Form.Item label="原因" required validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
          <Input.TextArea aria-label="原因" rows={3} maxLength={TEXT_MAX} showCount value={reason} onChange={(e) => answer(() => setReason(e.target.value))} />
          {ask.reasons
            ? quick.options.map((o) => (
                <Tag.CheckableTag
                  key={String(o.value)}
                  checked={reason === o.label}
                  onChange={() => answer(() => setReason(String(o.label)))}
                  style={{ marginTop: 8 }}
                >
                  {o.label}
                </Tag.CheckableTag>
              ))
            : null}
        </Form.Item>
      ) : null}
      {ask?.kind === 'adviser' ? (
        <Form.Item label="顾问" required validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
          <UserPicker max={1} value={picked} onChange={(users) => answer(() => setPicked(users))} buttonText="选择顾问" />
        </Form.Item>
      ) : null}
    </Modal>
  );
}
