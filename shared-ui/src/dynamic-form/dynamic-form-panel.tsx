/**
 * The create/edit panel of a dynamic form (spec §2.5): the shared FormPanel (800 px, 保存 /
 * 保存并继续录入 when creating / 关闭) around the engine's fields, with an optional 添加抄送 user
 * picker (at most 5, only when creating). The definition is loaded by form key unless given.
 */
import { useState } from 'react';
import { Form, Result } from 'antd';
import { CC_MAX, MESSAGES, type Reply } from '@portal/shared-core';
import { FormPanel } from '../form-panel/form-panel';
import type { PickedUser } from '../pickers/directory-types';
import { UserPicker } from '../pickers/user-picker';
import { DynamicFormFields } from './dynamic-form';
import { useDynamicRecord, type DynamicRecordOptions } from './use-dynamic-record';
import type { FormValues } from './values';

export const CC_LABEL = '添加抄送';

export type DynamicFormPanelProps = DynamicRecordOptions & {
  open: boolean;
  onClose: () => void;
  /** Default: 新建 / 编辑 plus the form's title. */
  title?: string;
  width?: number;
  /** Offers the 添加抄送 picker when creating. */
  withCc?: boolean;
  /** After each successful save (lists reload). */
  onSaved?: (reply: Reply<{ id?: number | string }>) => void;
};

export function DynamicFormPanel({ open, onClose, title, width, withCc, onSaved, ...options }: DynamicFormPanelProps) {
  const [form] = Form.useForm<FormValues>();
  const record = useDynamicRecord({ ...options, enabled: open });
  const [cc, setCc] = useState<PickedUser[]>([]);
  const { definition, creating } = record;

  async function handleSubmit(validated: FormValues) {
    // Companion values (field2) and stored keys without a field travel too.
    const ccUsers = withCc && creating ? cc.map(({ userid, username, header }) => ({ userid, username, header })) : undefined;
    const reply = await record.save({ ...form.getFieldsValue(true), ...validated }, ccUsers);
    setCc([]);
    onSaved?.(reply);
    return true;
  }

  return (
    <FormPanel<FormValues>
      open={open}
      title={title ?? `${creating ? '新建' : '编辑'}${definition?.title ?? ''}`}
      mode={creating ? 'create' : 'edit'}
      form={form}
      initialValues={record.initialValues}
      onSubmit={handleSubmit}
      onClose={onClose}
      loading={record.loading}
      width={width}
      labelWidth={definition?.labelwidth || undefined}
    >
      {record.failed ? <Result status="warning" title={MESSAGES.customFieldsFailed} /> : null}
      {definition && !record.failed ? (
        <DynamicFormFields definition={definition} mode={creating ? 'create' : 'edit'} formCode={record.code} recordId={record.recordId} />
      ) : null}
      {withCc && creating && definition ? (
        <Form.Item label={CC_LABEL}>
          <UserPicker value={cc} onChange={setCc} max={CC_MAX} />
        </Form.Item>
      ) : null}
    </FormPanel>
  );
}
