/**
 * 工作流表单 (system/workForm): the forms approvals are submitted with (is_workflow), with their key,
 * category and field count; 预览 shows a form as its users will see it; 新建工作流表单 and 设计 open
 * the form designer, 删除 removes a form no flow uses (the server names the flow otherwise). Records
 * of these forms are entered through the approval flow, not here.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { App, Space, Typography, type TableColumnsType } from 'antd';
import { DEFAULT_PAGE_SIZE, useActionRights, type PageProps } from '@portal/shared-core';
import { ListPage, useListQuery } from '@portal/shared-ui';
import type { FormListQuery, FormSummary } from '../api/custom-form-api';
import { useWorkFormList } from '../api/use-form-list';
import { FormPreviewDrawer } from '../components/form-preview-drawer';
import { designPath } from '../../../lib/form-paths';
import { useDeleteWorkForm } from '../api/use-delete-work-form';

const INITIAL_QUERY: FormListQuery = { page: 1, rows: DEFAULT_PAGE_SIZE, key: '' };

export default function WorkFormListPage(_props: PageProps) {
  const { query, changeQuery, changePage } = useListQuery(INITIAL_QUERY);
  const list = useWorkFormList(query);
  const [preview, setPreview] = useState<FormSummary | null>(null);
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const rights = useActionRights('system', 'workForm', ['create', 'edit', 'delete'] as const);
  const remove = useDeleteWorkForm();

  const columns: TableColumnsType<FormSummary> = [
    { title: '表单名称', dataIndex: 'title' },
    { title: '表单标识', dataIndex: 'mode', render: (mode: string) => <Typography.Text code>{mode}</Typography.Text> },
    { title: '分类', dataIndex: 'category' },
    { title: '字段数', dataIndex: 'fieldCount', width: 90 },
    { title: '列数', dataIndex: 'cols', width: 80 },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_, form) => (
        <Space>
          <Typography.Link onClick={() => setPreview(form)}>预览</Typography.Link>
          {rights.edit ? <Link to={designPath('work', form.mode, form.id)}>设计</Link> : null}
          {rights.delete ? (
            <Typography.Link
              type="danger"
              onClick={() => modal.confirm({ title: '删除工作流表单', content: `确定要删除“${form.title}”吗？`, onOk: () => remove.mutateAsync(form.id) })}
            >
              删除
            </Typography.Link>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<FormSummary>
        rowKey="id"
        columns={columns}
        rows={list.rows}
        total={list.total}
        loading={list.loading}
        error={list.error}
        page={query.page}
        pageSize={query.rows}
        onPageChange={changePage}
        searchKey={query.key}
        searchPlaceholder="表单名称/标识"
        onSearch={(key) => changeQuery({ key })}
        createLabel="新建工作流表单"
        onCreate={() => navigate(designPath('work', 'new', 0))}
        rights={{ create: rights.create }}
      />
      <FormPreviewDrawer module={preview?.mode ?? null} title={preview?.title ?? ''} onClose={() => setPreview(null)} />
    </>
  );
}
