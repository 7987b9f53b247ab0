/**
 * 联系人: the customer's contacts; the primary one is chosen by a radio (spec §4), added or edited by a small
 * form, deleted after 确定要删除吗？.
 *
 * 字段权限 (api/user/myFieldMasks, module contact): a hidden field has no column and no input (and so is not
 * required); a masked one shows its masked value, and an edit that leaves it as shown does not send it, so
 * the server keeps the stored value (it would also keep it if the masked text came back).
 */
import { useState } from 'react';
import { Button, Form, Input, Popconfirm, Radio, Select, Space, Table, type TableColumnsType } from 'antd';
import { MESSAGES } from '@portal/shared-core';
import { addContact, deleteContact, editContact, setPrimaryContact, type ContactRow, type ContactValues } from '../api/customer-detail-api';
import { useContacts, useDetailMutation } from '../hooks/use-customer-detail-tabs';
import { isHiddenField, useMyFieldMasks } from '../api/use-my-field-masks';

const dash = (v: string | undefined) => v || MESSAGES.empty;

type TextField = 'contactName' | 'mobile' | 'wechat' | 'qq' | 'zhiwei';
const TEXT_FIELDS: { field: TextField; title: string; max: number }[] = [
  { field: 'contactName', title: '姓名', max: 50 },
  { field: 'mobile', title: '手机号码', max: 30 },
  { field: 'wechat', title: '微信', max: 50 },
  { field: 'qq', title: 'QQ', max: 20 },
  { field: 'zhiwei', title: '职位', max: 50 },
];

/** The values to send: hidden fields never; on an edit, masked fields only when the user changed them. */
export function contactPayload(
  values: ContactValues,
  shown: (f: TextField) => boolean,
  masked: (f: TextField) => boolean,
  editing: ContactRow | null,
): ContactValues {
  const out: ContactValues = { sex: values.sex ?? '' };
  for (const { field } of TEXT_FIELDS) {
    if (!shown(field)) continue;
    const value = (values[field] ?? '').trim();
    if (editing && masked(field) && value === (editing[field] ?? '')) continue;
    out[field] = value;
  }
  return out;
}

/** `canAdd` false (a blacklisted customer): the existing contacts can be edited, no new one added. */
export function ContactsTab({ customerId, canWrite, canAdd = true }: { customerId: number; canWrite: boolean; canAdd?: boolean }) {
  const [form] = Form.useForm<ContactValues>();
  const [editing, setEditing] = useState<ContactRow | null>(null);
  const contacts = useContacts(customerId);
  const { masks, loading: masksLoading } = useMyFieldMasks();
  const shown = (field: TextField) => !isHiddenField(masks, 'contact', field);
  const masked = (field: TextField) => masks.contact?.[field] === 'mask';
  const primary = useDetailMutation(customerId, (id: number) => setPrimaryContact(id));
  const remove = useDetailMutation(customerId, (id: number) => deleteContact(id));
  const save = useDetailMutation(customerId, (v: ContactValues) => (editing ? editContact(editing.id, v) : addContact(customerId, v)));
  const rows = contacts.data?.rows ?? [];
  const primaryId = rows.find((c) => c.isPrimary === 1)?.id;

  function reset() {
    setEditing(null);
    form.resetFields();
  }

  function startEdit(c: ContactRow) {
    setEditing(c);
    form.setFieldsValue({ contactName: c.contactName, mobile: c.mobile, wechat: c.wechat, qq: c.qq, zhiwei: c.zhiwei, sex: c.sex || undefined });
  }

  const columns: TableColumnsType<ContactRow> = [
    {
      title: '首要',
      key: 'primary',
      width: 60,
      render: (_: unknown, c) => (
        <Radio
          aria-label={`设为首要联系人 ${c.contactName ?? ''}`}
          checked={c.id === primaryId}
          disabled={!canWrite}
          onChange={() => void primary.mutateAsync(c.id).catch(() => undefined)}
        />
      ),
    },
    ...TEXT_FIELDS.filter((f) => shown(f.field)).map((f) => ({ title: f.title, dataIndex: f.field, render: dash })),
    ...(canWrite
      ? [
          {
            title: '操作',
            key: 'op',
            render: (_: unknown, c: ContactRow) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => startEdit(c)}>
                  编辑
                </Button>
                {c.id === primaryId ? null : (
                  <Popconfirm title={MESSAGES.confirmDelete} okText="确定" cancelText="取消" onConfirm={() => remove.mutateAsync(c.id).catch(() => undefined)}>
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Table<ContactRow> rowKey="id" size="small" pagination={false} columns={columns} dataSource={rows} loading={contacts.isFetching} />
      {/* The form waits for the rules, so a hidden field never shows for a moment. */}
      {canWrite && (canAdd || editing) && !masksLoading ? (
        <Form
          form={form}
          layout="inline"
          style={{ marginTop: 12, rowGap: 8 }}
          onFinish={(v) =>
            void save
              .mutateAsync(contactPayload(v, shown, masked, editing))
              .then(reset)
              .catch(() => undefined)
          }
        >
          {TEXT_FIELDS.filter((f) => shown(f.field)).map((f) => (
            <Form.Item
              key={f.field}
              name={f.field}
              rules={f.field === 'contactName' ? [{ required: true, whitespace: true, message: MESSAGES.required }] : undefined}
            >
              <Input placeholder={f.title} aria-label={f.field === 'contactName' ? '联系人姓名' : f.title} maxLength={f.max} style={{ width: 130 }} />
            </Form.Item>
          ))}
          <Form.Item name="sex">
            <Select
              placeholder="性别"
              aria-label="性别"
              allowClear
              style={{ width: 80 }}
              options={[
                { value: '男', label: '男' },
                { value: '女', label: '女' },
              ]}
            />
          </Form.Item>
          <Space>
            <Button htmlType="submit" loading={save.isPending}>
              {editing ? '保存联系人' : '新增联系人'}
            </Button>
            {editing ? <Button onClick={reset}>取消</Button> : null}
          </Space>
        </Form>
      ) : null}
    </>
  );
}
