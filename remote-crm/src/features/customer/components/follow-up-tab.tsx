/**
 * 跟进记录: the customer's follow-ups, newest first, and the form adding one (CustomerTrackAdd; 跟进失败！
 * when it fails), with pictures uploaded as the customer's attachments (picType customer).
 */
import { useState } from 'react';
import { App, Button, DatePicker, Empty, Form, Image, Input, List, Select, Space, Tag } from 'antd';
import { DATETIME_FORMAT, FOLLOW_UP_CHANNELS, MESSAGES, TEXT_MAX, followUpChannelLabel, formatDateTime } from '@portal/shared-core';
import { NextFollowUpTime, UploadWidget, futureTimePickerProps, nextFollowUpRule, useRemoteOptions, type FileRecord } from '@portal/shared-ui';
import { addFollowUp, type FollowUpValues } from '../api/customer-detail-api';
import { useContacts, useDetailMutation, useFollowUps } from '../hooks/use-customer-detail-tabs';

const MAX_PICTURES = 3;
const STATUS_SOURCE = { url: 'api/Status/json', method: 'get' as const, params: { types: 'followup_status' }, optionText: 'name', optionValue: 'value' };

export function FollowUpTab({ customerId, canWrite }: { customerId: number; canWrite: boolean }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FollowUpValues>();
  const followUps = useFollowUps(customerId);
  const contacts = useContacts(customerId);
  const statuses = useRemoteOptions(STATUS_SOURCE, { enabled: canWrite });
  const add = useDetailMutation(customerId, (v: FollowUpValues) => addFollowUp(customerId, v));
  const [pictures, setPictures] = useState<FileRecord[]>([]);

  async function handleFinish(values: FollowUpValues) {
    try {
      await add.mutateAsync({ ...values, files: pictures.map((p) => p.id) });
      message.success('跟进成功');
      form.resetFields();
      setPictures([]);
    } catch (err) {
      const reason = err instanceof Error && err.message ? `：${err.message}` : '';
      message.error(`${MESSAGES.followUpFailed}${reason}`);
    }
  }

  const rows = followUps.data?.rows ?? [];
  return (
    <>
      {canWrite ? (
        <Form form={form} layout="vertical" initialValues={{ gjtype: 0 }} onFinish={(v) => void handleFinish(v)} style={{ marginBottom: 16 }}>
          <Space wrap>
            <Form.Item name="gjtype" label="跟进方式" rules={[{ required: true, message: MESSAGES.selectRequired }]}>
              <Select style={{ width: 110 }} options={FOLLOW_UP_CHANNELS.map((c) => ({ value: c.value, label: c.label }))} />
            </Form.Item>
            <Form.Item name="status" label="跟进状态">
              <Select
                style={{ width: 140 }}
                allowClear
                loading={statuses.loading}
                options={statuses.options.map((o) => ({ value: String(o.value), label: o.label }))}
              />
            </Form.Item>
            <Form.Item name="contactId" label="联系人">
              <Select
                style={{ width: 140 }}
                allowClear
                options={(contacts.data?.rows ?? []).map((c) => ({ value: c.id, label: c.contactName ?? `联系人${c.id}` }))}
              />
            </Form.Item>
            <Form.Item name="nextgenjintime" label="下次跟进时间" rules={[nextFollowUpRule()]}>
              <DatePicker showTime={{ format: 'HH:mm' }} format={DATETIME_FORMAT} {...futureTimePickerProps} />
            </Form.Item>
          </Space>
          <Form.Item name="beizhu" label="跟进内容" rules={[{ required: true, whitespace: true, message: MESSAGES.required }]}>
            <Input.TextArea aria-label="跟进内容" rows={3} maxLength={TEXT_MAX} showCount />
          </Form.Item>
          <Form.Item label="图片">
            <Space orientation="vertical">
              {pictures.length ? (
                <Space wrap>
                  {pictures.map((p) => (
                    <Image key={p.id} src={p.signedUrl ?? p.url} alt={p.FileName} width={64} height={64} style={{ objectFit: 'cover' }} />
                  ))}
                </Space>
              ) : null}
              <UploadWidget
                params={{ picType: 'customer', modelId: customerId }}
                accept="image/*"
                max={MAX_PICTURES}
                onUploaded={(file) => setPictures((list) => [...list, file].slice(-MAX_PICTURES))}
              />
            </Space>
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={add.isPending}>
            添加跟进
          </Button>
        </Form>
      ) : null}
      {rows.length === 0 ? (
        <Empty description="暂无跟进记录" />
      ) : (
        <List
          dataSource={rows}
          rowKey="id"
          renderItem={(item) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <Space wrap>
                    <span>{item.CretateName}</span>
                    <Tag>{followUpChannelLabel(item.gjtype)}</Tag>
                    {item.status ? <Tag color="blue">{item.status}</Tag> : null}
                    {item.contactName ? <span>联系人：{item.contactName}</span> : null}
                    <span style={{ color: 'rgba(0,0,0,0.45)' }}>{formatDateTime(item.genjinTime)}</span>
                  </Space>
                }
                description={
                  <>
                    <div>{item.beizhu || MESSAGES.empty}</div>
                    {item.nextgenjintime ? (
                      <div style={{ color: 'rgba(0,0,0,0.45)' }}>
                        下次跟进：
                        <NextFollowUpTime value={item.nextgenjintime} />
                      </div>
                    ) : null}
                    {item.files?.length ? <Tag>图片 {item.files.length} 张</Tag> : null}
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </>
  );
}
