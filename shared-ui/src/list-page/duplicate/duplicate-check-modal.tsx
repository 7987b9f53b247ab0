/**
 * 查重: before creating a record, look for existing ones by name, phone, WeChat or QQ. Shows each
 * match's owner and created time; with no match, 继续新建 goes on to the create form.
 */
import { useState } from 'react';
import { App, Button, Empty, Flex, Form, Input, Modal, Table, Tag, type TableColumnsType } from 'antd';
import type { CustomerDuplicateRow } from '@portal/shared-contract';
import { api, MESSAGES } from '@portal/shared-core';

export type DuplicateQuery = { name?: string; mobile?: string; wechat?: string; qq?: string };

export type DuplicateCheckModalProps = {
  open: boolean;
  url: string;
  onClose: () => void;
  /** Offered as 继续新建 once a search found nothing. */
  onCreate?: () => void;
};

export const MSG_DUPLICATE_CRITERIA = '请输入客户名称、手机号码、微信或QQ';

const columns: TableColumnsType<CustomerDuplicateRow> = [
  {
    title: '客户名称',
    dataIndex: 'CustomerName',
    render: (name: string, row) => (
      <>
        {name} {row.gonghai === 1 ? <Tag>公海</Tag> : null}
      </>
    ),
  },
  { title: '联系人', dataIndex: 'contact_name', render: (v?: string) => v || MESSAGES.empty },
  { title: '手机号码', dataIndex: 'contact_mobile', render: (v?: string) => v || MESSAGES.empty },
  { title: '负责人', dataIndex: 'UserName', render: (v: string) => v || MESSAGES.empty },
  { title: '创建时间', dataIndex: 'AddTime' },
];

export function DuplicateCheckModal({ open, url, onClose, onCreate }: DuplicateCheckModalProps) {
  return (
    <Modal open={open} title="查重" width={820} footer={null} onCancel={onClose} destroyOnHidden>
      <DuplicateSearch url={url} onClose={onClose} onCreate={onCreate} />
    </Modal>
  );
}

function DuplicateSearch({ url, onClose, onCreate }: Omit<DuplicateCheckModalProps, 'open'>) {
  const { message } = App.useApp();
  const [form] = Form.useForm<DuplicateQuery>();
  const [rows, setRows] = useState<CustomerDuplicateRow[] | null>(null);
  const [loading, setLoading] = useState(false);

  async function handleSearch(values: DuplicateQuery) {
    const query = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : ''])) as Required<DuplicateQuery>;
    if (!query.name && !query.mobile && !query.wechat && !query.qq) {
      message.warning(MSG_DUPLICATE_CRITERIA);
      return;
    }
    setLoading(true);
    try {
      setRows((await api.list<CustomerDuplicateRow>(url, query)).rows);
    } catch {
      // The API client has shown the reason.
    } finally {
      setLoading(false);
    }
  }

  return (
    <Flex vertical gap={12}>
      <Form<DuplicateQuery> form={form} name="duplicate-check" layout="inline" onFinish={handleSearch}>
        <Form.Item name="name" label="客户名称">
          <Input allowClear maxLength={100} placeholder="客户名称" style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="mobile" label="手机号码">
          <Input allowClear maxLength={30} placeholder="手机号码" style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="wechat" label="微信">
          <Input allowClear maxLength={50} placeholder="微信" style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="qq" label="QQ">
          <Input allowClear maxLength={20} placeholder="QQ" style={{ width: 110 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={loading} autoInsertSpace={false}>
            查询
          </Button>
        </Form.Item>
      </Form>
      {rows === null ? null : rows.length > 0 ? (
        <Table<CustomerDuplicateRow> rowKey="id" size="small" columns={columns} dataSource={rows} pagination={false} scroll={{ y: 360 }} />
      ) : (
        <Empty description="没有找到重复的客户" />
      )}
      <Flex justify="flex-end" gap={8}>
        <Button autoInsertSpace={false} onClick={onClose}>
          关闭
        </Button>
        {onCreate && rows !== null && rows.length === 0 ? (
          <Button
            type="primary"
            autoInsertSpace={false}
            onClick={() => {
              onClose();
              onCreate();
            }}
          >
            继续新建
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}
