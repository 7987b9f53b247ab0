/** 联系人: the customer's contacts; the primary one is chosen by a radio (spec §4), added by a small form, deleted after 确定要删除吗？. */
import { Button, Form, Input, Popconfirm, Radio, Select, Space, Table, type TableColumnsType } from 'antd';
import { MESSAGES } from '@portal/shared-core';
import { addContact, deleteContact, setPrimaryContact, type ContactRecord, type ContactValues } from '../api/customer-detail-api';
import { useContacts, useDetailMutation } from '../hooks/use-customer-detail-tabs';

const dash = (v: string) => v || MESSAGES.empty;

export function ContactsTab({ customerId, canWrite }: { customerId: number; canWrite: boolean }) {
  const [form] = Form.useForm<ContactValues>();
  const contacts = useContacts(customerId);
  const primary = useDetailMutation(customerId, (id: number) => setPrimaryContact(id));
  const remove = useDetailMutation(customerId, (id: number) => deleteContact(id));
  const add = useDetailMutation(customerId, (v: ContactValues) => addContact(customerId, v));
  const rows = contacts.data?.rows ?? [];
  const primaryId = rows.find((c) => c.isPrimary === 1)?.id;

  const columns: TableColumnsType<ContactRecord> = [
    {
      title: '首要',
      key: 'primary',
      width: 60,
      render: (_: unknown, c) => <Radio aria-label={`设为首要联系人 ${c.contactName}`} checked={c.id === primaryId} disabled={!canWrite} onChange={() => void primary.mutateAsync(c.id).catch(() => undefined)} />,
    },
    { title: '姓名', dataIndex: 'contactName' },
    { title: '手机号码', dataIndex: 'mobile', render: dash },
    { title: '微信', dataIndex: 'wechat', render: dash },
    { title: 'QQ', dataIndex: 'qq', render: dash },
    { title: '职位', dataIndex: 'zhiwei', render: dash },
    ...(canWrite
      ? [
          {
            title: '操作',
            key: 'op',
            render: (_: unknown, c: ContactRecord) =>
              c.id === primaryId ? null : (
                <Popconfirm title={MESSAGES.confirmDelete} okText="确定" cancelText="取消" onConfirm={() => remove.mutateAsync(c.id).catch(() => undefined)}>
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Table<ContactRecord> rowKey="id" size="small" pagination={false} columns={columns} dataSource={rows} loading={contacts.isFetching} />
      {canWrite ? (
        <Form
          form={form}
          layout="inline"
          style={{ marginTop: 12 }}
          onFinish={(v) =>
            void add
              .mutateAsync(v)
              .then(() => form.resetFields())
              .catch(() => undefined)
          }
        >
          <Form.Item name="contactName" rules={[{ required: true, whitespace: true, message: MESSAGES.required }]}>
            <Input placeholder="姓名" aria-label="联系人姓名" maxLength={50} />
          </Form.Item>
          <Form.Item name="mobile">
            <Input placeholder="手机号码" maxLength={30} />
          </Form.Item>
          <Form.Item name="zhiwei">
            <Input placeholder="职位" maxLength={50} />
          </Form.Item>
          <Form.Item name="sex">
            <Select placeholder="性别" allowClear style={{ width: 80 }} options={[{ value: '男', label: '男' }, { value: '女', label: '女' }]} />
          </Form.Item>
          <Space>
            <Button htmlType="submit" loading={add.isPending}>
              新增联系人
            </Button>
          </Space>
        </Form>
      ) : null}
    </>
  );
}
