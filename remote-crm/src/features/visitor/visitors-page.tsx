/**
 * 访客登记 (crm/customer/fangke): visitors by arrival date (api/customer/visitorsIndex), registration
 * (api/customer/visitorsAdd; 来访目的 from the visit_purpose dictionary) and 转为客户 (a customer
 * awaiting assignment, api/customer/visitorsTurn). A visitor whose phone is a customer's shows it.
 */
import { useState } from 'react';
import type { VisitorRow } from '@portal/shared-contract';
import { App, Button, DatePicker, Form, Input, Modal, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { api, DATETIME_FORMAT, DEFAULT_PAGE_SIZE, endpointKey, MESSAGES, useActionRights } from '@portal/shared-core';

type VisitorQuery = { page: number; rows: number; from: string; to: string; key: string };
type VisitorForm = { name: string; mobile: string; company?: string; purpose?: string; arrivedAt: Dayjs; leftAt?: Dayjs; remark?: string };

const visitorKeys = { lists: () => endpointKey('api/customer/visitorsIndex'), list: (q: VisitorQuery) => endpointKey('api/customer/visitorsIndex', q) };
export const VISIT_PURPOSES = ['商务洽谈', '产品演示', '售后服务', '面试', '参观', '其他'];

function useVisitors(q: VisitorQuery) {
  return useQuery({
    queryKey: visitorKeys.list(q),
    queryFn: () => api.list<VisitorRow>('api/customer/visitorsIndex', q, { silent: true }),
    placeholderData: keepPreviousData,
  });
}

export default function VisitorsPage() {
  const { modal } = App.useApp();
  const rights = useActionRights('crm', 'customer/fangke', ['create', 'edit'] as const);
  const [query, setQuery] = useState<VisitorQuery>({ page: 1, rows: DEFAULT_PAGE_SIZE, from: '', to: '', key: '' });
  const visitors = useVisitors(query);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<VisitorForm>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: visitorKeys.lists() });
  const add = useMutation({
    mutationFn: (v: VisitorForm) =>
      api.command('api/customer/visitorsAdd', {
        name: v.name.trim(),
        mobile: v.mobile.trim(),
        company: v.company?.trim() ?? '',
        purpose: v.purpose ?? '',
        arrivedAt: v.arrivedAt.format(DATETIME_FORMAT),
        leftAt: v.leftAt ? v.leftAt.format(DATETIME_FORMAT) : '',
        remark: v.remark ?? '',
      }),
    onSuccess: () => void refresh(),
  });
  const turn = useMutation({ mutationFn: (id: number) => api.command('api/customer/visitorsTurn', { id }), onSuccess: () => void refresh() });

  const columns: TableColumnsType<VisitorRow> = [
    { title: '访客姓名', dataIndex: 'name' },
    { title: '手机号码', dataIndex: 'mobile' },
    { title: '公司名称', dataIndex: 'company', render: (v: string) => v || MESSAGES.empty },
    { title: '来访目的', dataIndex: 'purpose', render: (v: string) => (v ? <Tag>{v}</Tag> : MESSAGES.empty) },
    { title: '接待人', dataIndex: 'receptionist', render: (v: string) => v || MESSAGES.empty },
    { title: '到访时间', dataIndex: 'arrivedAt' },
    { title: '离开时间', dataIndex: 'leftAt', render: (v: string) => v || MESSAGES.empty },
    { title: '客户', dataIndex: 'customerName', render: (v: string, row) => (row.customerId ? <Tag color="green">{v || '已是客户'}</Tag> : '未匹配') },
    {
      title: '操作',
      key: 'op',
      render: (_: unknown, row) =>
        rights.edit && !row.customerId ? (
          <Button
            type="link"
            size="small"
            onClick={() =>
              modal.confirm({
                title: '提示',
                content: '转为客户后进入待分配客户，是否继续?',
                okText: '确定',
                cancelText: '取消',
                onOk: () => turn.mutateAsync(row.id),
              })
            }
          >
            转为客户
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <DatePicker.RangePicker
          aria-label="到访日期"
          onChange={(range) => setQuery((q) => ({ ...q, page: 1, from: range?.[0]?.format('YYYY-MM-DD') ?? '', to: range?.[1]?.format('YYYY-MM-DD') ?? '' }))}
        />
        <Input.Search
          placeholder="姓名/手机号/公司"
          allowClear
          onSearch={(key) => setQuery((q) => ({ ...q, page: 1, key: key.trim() }))}
          style={{ width: 240 }}
        />
        {rights.create ? (
          <Button type="primary" onClick={() => setOpen(true)}>
            登记访客
          </Button>
        ) : null}
      </Space>
      <Table<VisitorRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={visitors.data?.rows ?? []}
        loading={visitors.isFetching}
        pagination={{
          current: query.page,
          pageSize: query.rows,
          total: visitors.data?.total ?? 0,
          onChange: (page, rows) => setQuery((q) => ({ ...q, page, rows })),
        }}
      />
      <Modal
        open={open}
        title="登记访客"
        okText="保存"
        cancelText="关闭"
        destroyOnHidden
        onCancel={() => setOpen(false)}
        onOk={async () => {
          const values = await form.validateFields();
          await add.mutateAsync(values);
          form.resetFields();
          setOpen(false);
        }}
      >
        <Form form={form} layout="horizontal" labelCol={{ flex: '100px' }}>
          <Form.Item name="name" label="访客姓名" rules={[{ required: true, message: MESSAGES.required }]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="mobile" label="手机号码" rules={[{ required: true, message: MESSAGES.required }]}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="company" label="公司名称">
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="purpose" label="来访目的">
            <Select allowClear options={VISIT_PURPOSES.map((p) => ({ value: p, label: p }))} />
          </Form.Item>
          <Form.Item name="arrivedAt" label="到访时间" rules={[{ required: true, message: MESSAGES.selectRequired }]}>
            <DatePicker showTime format={DATETIME_FORMAT} />
          </Form.Item>
          <Form.Item name="leftAt" label="离开时间">
            <DatePicker showTime format={DATETIME_FORMAT} />
          </Form.Item>
          <Form.Item name="remark" label="备注">
            <Input.TextArea maxLength={300} rows={2} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
