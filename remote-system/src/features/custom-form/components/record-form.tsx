/**
 * A dynamic form on a whole page (customForm/view/:module/add|edit/:id): the panel's behaviour
 * without the drawer. 保存 ends on the saved record's detail page; 保存并继续录入 (creating only)
 * stays and starts the next record; 关闭 goes back to the form list.
 */
import { useEffect, useState } from 'react';
import { Button, Card, Form, Result, Space, Spin } from 'antd';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '@portal/shared-core';
import { DynamicForm, useDynamicRecord, type FormValues } from '@portal/shared-ui';
import { CUSTOM_FORM_LIST_PATH, recordViewPath } from '../../../lib/form-paths';

export type RecordFormProps = { module: string; id: string };

export function RecordForm({ module, id }: RecordFormProps) {
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const record = useDynamicRecord({ module, id });
  const [saving, setSaving] = useState<'save' | 'continue' | null>(null);
  const { definition, creating, initialValues } = record;

  // The form starts from the loaded values (defaults, or the stored record) once they arrive.
  useEffect(() => {
    if (definition) form.resetFields();
  }, [form, initialValues, definition]);

  async function save(continueEntering: boolean) {
    let validated: FormValues;
    try {
      validated = await form.validateFields();
    } catch {
      return; // the form shows the messages
    }
    setSaving(continueEntering ? 'continue' : 'save');
    try {
      const reply = await record.save({ ...form.getFieldsValue(true), ...validated });
      if (continueEntering) {
        form.resetFields();
        return;
      }
      const savedId = creating ? reply.data?.id : id;
      navigate(savedId !== undefined ? recordViewPath(module, 'detail', savedId) : CUSTOM_FORM_LIST_PATH);
    } catch {
      // The API client has shown why; the input stays for another try.
    } finally {
      setSaving(null);
    }
  }

  if (record.failed) return <Result status="warning" title={MESSAGES.customFieldsFailed} />;
  if (!definition) return <Spin style={{ display: 'block', padding: 48 }} />;

  return (
    <Card
      title={`${creating ? '新建' : '编辑'}${definition.title ?? ''}`}
      actions={[
        <Space key="actions" style={{ display: 'flex', justifyContent: 'flex-end', paddingInline: 24 }}>
          <Button type="primary" autoInsertSpace={false} loading={saving === 'save'} disabled={saving !== null || record.loading} onClick={() => save(false)}>
            保存
          </Button>
          {creating ? (
            <Button loading={saving === 'continue'} disabled={saving !== null || record.loading} onClick={() => save(true)}>
              保存并继续录入
            </Button>
          ) : null}
          <Button autoInsertSpace={false} onClick={() => navigate(CUSTOM_FORM_LIST_PATH)}>
            关闭
          </Button>
        </Space>,
      ]}
    >
      <Spin spinning={record.loading}>
        <DynamicForm
          form={form}
          definition={definition}
          initialValues={initialValues}
          mode={creating ? 'create' : 'edit'}
          formCode={record.code}
          recordId={record.recordId}
        />
      </Spin>
    </Card>
  );
}
