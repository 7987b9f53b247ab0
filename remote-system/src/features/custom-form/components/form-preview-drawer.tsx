/** 预览: a form as its users will see it, to try out without saving anything. */
import { Drawer, Form, Result, Spin } from 'antd';
import { MESSAGES, WIDTHS } from '@portal/shared-core';
import { DynamicForm, useDynamicRecord } from '@portal/shared-ui';

export type FormPreviewDrawerProps = { module: string | null; title: string; onClose: () => void };

export function FormPreviewDrawer({ module, title, onClose }: FormPreviewDrawerProps) {
  return (
    <Drawer open={module !== null} title={`预览：${title}`} size={WIDTHS.formPanel} onClose={onClose} destroyOnHidden>
      {module ? <PreviewBody module={module} /> : null}
    </Drawer>
  );
}

function PreviewBody({ module }: { module: string }) {
  const [form] = Form.useForm();
  const record = useDynamicRecord({ module, id: '0' });
  if (record.failed) return <Result status="warning" title={MESSAGES.customFieldsFailed} />;
  if (!record.definition || record.loading) return <Spin style={{ display: 'block', padding: 48 }} />;
  return <DynamicForm form={form} definition={record.definition} initialValues={record.initialValues} mode="create" formCode={record.code} recordId="0" />;
}
