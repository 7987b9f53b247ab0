/**
 * The create/edit form panel of spec §2.5: a drawer (800 px) holding a horizontal form (labels
 * 100 px), with 保存, 保存并继续录入 (only when creating) and 关闭. On a successful save the panel
 * closes; "save and continue" keeps it open and resets the form for the next record.
 */
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Button, Drawer, Form, Space, type FormInstance } from 'antd';
import { WIDTHS } from '@portal/shared-core';

export type FormPanelMode = 'create' | 'edit';

export type FormPanelProps<V extends object> = {
  open: boolean;
  title: string;
  mode: FormPanelMode;
  form: FormInstance<V>;
  /** Values the form starts from (and returns to on reset). */
  initialValues?: Partial<V>;
  /**
   * Saves the values; resolves true when the server accepted them. The API client reports
   * failures to the user itself, so the panel only decides whether to stay open.
   */
  onSubmit: (values: V) => Promise<boolean>;
  onClose: () => void;
  /** Shows a spinner over the fields while the record being edited loads. */
  loading?: boolean;
  width?: number;
  labelWidth?: number;
  children: ReactNode;
};

export function FormPanel<V extends object>({
  open,
  title,
  mode,
  form,
  initialValues,
  onSubmit,
  onClose,
  loading,
  width = WIDTHS.formPanel,
  labelWidth = WIDTHS.formLabel,
  children,
}: FormPanelProps<V>) {
  const [saving, setSaving] = useState<'save' | 'continue' | null>(null);

  // Each opening starts from the given values, not from what the last record left behind. A layout
  // effect: the reset lands with the values' render, before anyone can type into the old ones.
  useLayoutEffect(() => {
    if (open) form.resetFields();
  }, [open, initialValues, form]);

  async function save(continueEntering: boolean) {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows the validation messages
    }
    setSaving(continueEntering ? 'continue' : 'save');
    try {
      const saved = await onSubmit(values);
      if (!saved) return;
      if (continueEntering) form.resetFields();
      else onClose();
    } catch {
      // Failed requests are reported by the API client; the panel stays open with the input intact.
    } finally {
      setSaving(null);
    }
  }

  return (
    <Drawer
      open={open}
      title={title}
      size={width}
      onClose={onClose}
      loading={loading}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="primary" autoInsertSpace={false} loading={saving === 'save'} disabled={saving !== null} onClick={() => save(false)}>
            保存
          </Button>
          {mode === 'create' ? (
            <Button loading={saving === 'continue'} disabled={saving !== null} onClick={() => save(true)}>
              保存并继续录入
            </Button>
          ) : null}
          <Button autoInsertSpace={false} onClick={onClose}>
            关闭
          </Button>
        </Space>
      }
    >
      <Form<V> form={form} layout="horizontal" labelCol={{ flex: `${labelWidth}px` }} wrapperCol={{ flex: 1 }} labelWrap initialValues={initialValues}>
        {children}
      </Form>
    </Drawer>
  );
}
