/**
 * 自定义表单 (system/customForm): every form with its key, category and field count; 预览 shows a
 * form as its users will see it, 新建记录 opens the entry page of a form kept as generic records,
 * 设计 and 新建表单 open the form designer (customForm edit and create rights).
 */
import { useState } from 'react';
import { Space, Tag, Typography, type TableColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, useActionRights, type PageProps } from '@portal/shared-core';
import { ListPage, useListQuery } from '@portal/shared-ui';
import { type FormListQuery, type FormSummary } from '../api/custom-form-api';
import { useFormList } from '../api/use-form-list';
import { FormPreviewDrawer } from '../components/form-preview-drawer';
import { designPath, recordViewPath } from '../../../lib/form-paths';

const INITIAL_QUERY: FormListQuery = { page: 1, rows: DEFAULT_PAGE_SIZE, key: '' };

/** Forms saved through the generic record calls can be filled in here; the others have their own pages. */
export function keepsGenericRecords(form: Pick<FormSummary, 'api_add'>): boolean {
  return /(^|\/)api\/module\/add$/i.test(form.api_add);
}

export default function CustomFormListPage(_props: PageProps) {
  const { query, changeQuery, changePage } = useListQuery(INITIAL_QUERY);
  const list = useFormList(query);
  const [preview, setPreview] = useState<FormSummary | null>(null);
  const navigate = useNavigate();
  const rights = useActionRights('system', 'customForm', ['create', 'edit'] as const);

  const columns: TableColumnsType<FormSummary> = [
    { title: '表单名称', dataIndex: 'title' },
    { title: '表单标识', dataIndex: 'mode', render: (mode: string) => <Typography.Text code>{mode}</Typography.Text> },
    { title: '分类', dataIndex: 'category' },
    { title: '字段数', dataIndex: 'fieldCount', width: 90 },
    { title: '列数', dataIndex: 'cols', width: 80 },
    { title: '类型', dataIndex: 'is_workflow', width: 100, render: (flow: number) => (flow === 1 ? <Tag color="blue">审批表单</Tag> : <Tag>普通表单</Tag>) },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_, form) => (
        <Space>
          <Typography.Link onClick={() => setPreview(form)}>预览</Typography.Link>
          {rights.edit ? <Link to={designPath('custom', form.mode, form.id)}>设计</Link> : null}
          {keepsGenericRecords(form) ? <Link to={recordViewPath(form.mode, 'add')}>新建记录</Link> : null}
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
        createLabel="新建表单"
        onCreate={() => navigate(designPath('custom', 'new', 0))}
        rights={{ create: rights.create }}
      />
      <FormPreviewDrawer module={preview?.mode ?? null} title={preview?.title ?? ''} onClose={() => setPreview(null)} />
    </>
  );
}
