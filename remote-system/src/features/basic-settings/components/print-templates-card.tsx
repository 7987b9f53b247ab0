/** 打印模板: HTML templates with {{字段}} placeholders per record type; enable/disable, edit, delete (basic:edit). */
import { useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Select, Space, Switch, Table, Typography } from 'antd';
import { PRINT_PLACEHOLDERS, type PrintModule } from '@portal/shared-ui';
import {
  deleteTemplate,
  fetchPrintTemplate,
  PRINT_MODULE_NAMES,
  saveTemplate,
  toggleTemplate,
  usePrintTemplateCommand,
  usePrintTemplates,
  type PrintTemplateForm,
  type PrintTemplateRow,
} from '../api/print-template-api';

/** The placeholders the chosen record type fills when it is printed. */
function PlaceholderHelp({ module }: { module: string }) {
  const placeholders = PRINT_PLACEHOLDERS[module as PrintModule] ?? [];
  if (placeholders.length === 0) return null;
  return (
    <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
      可用字段：{placeholders.map((p) => `{{${p.key}}} ${p.label}`).join('、')}
    </Typography.Paragraph>
  );
}

export function PrintTemplatesCard({ canEdit }: { canEdit: boolean }) {
  const [page, setPage] = useState(1);
  const list = usePrintTemplates({ page, rows: 10 });
  const save = usePrintTemplateCommand(saveTemplate);
  const toggle = usePrintTemplateCommand(toggleTemplate);
  const remove = usePrintTemplateCommand(deleteTemplate);
  const [editing, setEditing] = useState<{ id: number | null; initial: PrintTemplateForm } | null>(null);
  const { modal } = App.useApp();

  async function openEdit(id: number | null) {
    if (id === null) setEditing({ id, initial: { name: '', module: 'contract', content: '' } });
    else {
      const t = await fetchPrintTemplate(id);
      setEditing({ id, initial: { name: t.name, module: t.module, content: t.content } });
    }
  }

  return (
    <Card
      size="small"
      title="打印模板"
      extra={
        canEdit ? (
          <Button size="small" type="primary" onClick={() => void openEdit(null)}>
            新建模板
          </Button>
        ) : null
      }
    >
      <Table<PrintTemplateRow>
        rowKey="id"
        size="small"
        dataSource={list.rows}
        loading={list.loading}
        pagination={{ current: page, pageSize: 10, total: list.total, onChange: setPage, showSizeChanger: false }}
        locale={{ emptyText: list.error ?? '暂无打印模板' }}
        columns={[
          { title: '模板名称', dataIndex: 'name' },
          { title: '适用单据', dataIndex: 'module', width: 100, render: (m: string) => PRINT_MODULE_NAMES[m] ?? m },
          {
            title: '启用',
            dataIndex: 'status',
            width: 80,
            render: (s: number, r) => <Switch size="small" checked={s === 1} disabled={!canEdit} onChange={() => toggle.mutate(r.id)} />,
          },
          { title: '修改时间', dataIndex: 'UpdateTime', width: 170 },
          {
            title: '操作',
            key: 'actions',
            width: 120,
            render: (_, r) =>
              canEdit ? (
                <Space>
                  <Typography.Link onClick={() => void openEdit(r.id)}>编辑</Typography.Link>
                  <Typography.Link
                    type="danger"
                    onClick={() => modal.confirm({ title: `删除「${r.name}」`, content: '确定执行此操作, 是否继续?', onOk: () => remove.mutateAsync(r.id) })}
                  >
                    删除
                  </Typography.Link>
                </Space>
              ) : null,
          },
        ]}
      />
      {editing ? (
        <Modal open title={editing.id === null ? '新建打印模板' : '编辑打印模板'} width={720} onCancel={() => setEditing(null)} footer={null} destroyOnHidden>
          <Form<PrintTemplateForm>
            layout="vertical"
            initialValues={editing.initial}
            onFinish={(form) => save.mutate({ id: editing.id, form }, { onSuccess: () => setEditing(null) })}
          >
            <Form.Item label="模板名称" name="name" rules={[{ required: true, whitespace: true, message: '模板名称不能为空' }]}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item label="适用单据" name="module" rules={[{ required: true, message: '请选择适用单据' }]}>
              <Select options={Object.entries(PRINT_MODULE_NAMES).map(([value, label]) => ({ value, label }))} />
            </Form.Item>
            <Form.Item
              label="模板内容（HTML，用 {{字段}} 引用单据字段，如 {{orderSn}}、{{customerName}}）"
              name="content"
              rules={[{ required: true, whitespace: true, message: '模板内容不能为空' }]}
            >
              <Input.TextArea rows={10} />
            </Form.Item>
            <Form.Item noStyle shouldUpdate={(a: PrintTemplateForm, b: PrintTemplateForm) => a.module !== b.module}>
              {({ getFieldValue }) => <PlaceholderHelp module={getFieldValue('module') as string} />}
            </Form.Item>
            <Space>
              <Button onClick={() => setEditing(null)}>关闭</Button>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                保存
              </Button>
            </Space>
          </Form>
        </Modal>
      ) : null}
    </Card>
  );
}
