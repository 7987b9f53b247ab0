/**
 * The customer detail panel (spec §2.5): tabs 跟进记录 / 详细资料 / 联系人 / 附件 with their counts from
 * api/customer/Subtotal, with 编辑 (the form panel) and 删除 (after the bulk-action confirmation; the
 * panel closes and the lists refresh). Each button shows only with its action right.
 */
import { useCallback } from 'react';
import { Button, Drawer, Empty, List, Space, Table, Tag, type TableColumnsType } from 'antd';
import { CLUE_DEAL_DONE, MESSAGES, WIDTHS, clueLabel, followUpChannelLabel, formatDateTime } from '@portal/shared-core';
import { AttachmentList, DetailTabs, DetailView, useSubtotal, type DetailItem } from '@portal/shared-ui';
import { useConfirmDeleteCustomers } from '../hooks/use-confirm-delete-customers';
import type { CustomerContact, CustomerDetail, CustomerFollowUp } from '../types';

export type CustomerDetailPanelProps = {
  open: boolean;
  customer: CustomerDetail | null;
  loading: boolean;
  /** The user's rights to 编辑 and 删除 (crm customer/watched:edit / :delete). */
  canEdit: boolean;
  canDelete: boolean;
  onClose: () => void;
  onEdit: (customer: CustomerDetail) => void;
};

export function CustomerDetailPanel({ open, customer, loading, canEdit, canDelete, onClose, onEdit }: CustomerDetailPanelProps) {
  const confirmDelete = useConfirmDeleteCustomers();
  const { counts, setCount } = useSubtotal('api/customer/Subtotal', open ? customer?.id : undefined);
  const handleFileCount = useCallback((n: number) => setCount('files', n), [setCount]);

  function handleDelete(target: CustomerDetail) {
    // The delete has invalidated the lists; the panel closes after it (spec §4).
    confirmDelete([target.id], onClose);
  }

  return (
    <Drawer
      open={open}
      size={WIDTHS.formPanel}
      title={customer?.CustomerName ?? '客户详情'}
      loading={loading && !customer}
      onClose={onClose}
      extra={
        customer ? (
          <Space>
            {canEdit ? (
              <Button type="primary" autoInsertSpace={false} onClick={() => onEdit(customer)}>
                编辑
              </Button>
            ) : null}
            {canDelete ? (
              <Button danger autoInsertSpace={false} onClick={() => handleDelete(customer)}>
                删除
              </Button>
            ) : null}
          </Space>
        ) : null
      }
    >
      {customer ? (
        <DetailTabs
          defaultActiveKey="details"
          counts={counts}
          tabs={[
            { key: 'followups', label: '跟进记录', countKey: 'followups', children: <FollowUpList followups={customer.followups} /> },
            { key: 'details', label: '详细资料', children: <DetailView items={detailItems(customer)} /> },
            { key: 'contacts', label: '联系人', countKey: 'contact', children: <ContactTable contacts={customer.contacts} /> },
            {
              key: 'files',
              label: '附件',
              countKey: 'files',
              children: <AttachmentList query={{ picType: 'customer', modelId: customer.id }} onCountChange={handleFileCount} />,
            },
          ]}
        />
      ) : null}
    </Drawer>
  );
}

function detailItems(customer: CustomerDetail): DetailItem[] {
  return [
    { label: '客户编号', value: customer.code },
    { label: '客户名称', value: customer.CustomerName },
    { label: '联系人', value: customer.contact_name },
    { label: '手机号码', value: customer.contact_mobile },
    { label: '客户来源', value: customer.LaiYuanName },
    { label: '客户级别', value: customer.level },
    { label: '所属行业', value: customer.industry },
    { label: '成交状态', value: <Tag color={customer.clue === CLUE_DEAL_DONE ? 'success' : 'default'}>{clueLabel(customer.clue)}</Tag> },
    { label: '负责人', value: customer.UserName },
    { label: '所属部门', value: customer.BranchName },
    { label: '创建时间', value: customer.AddTime },
    { label: '更新时间', value: customer.UpdateTime },
    { label: '最后跟进时间', value: customer.genjinTime },
    { label: '下次跟进时间', value: customer.nextgenjintime },
    { label: '地址', value: customer.address, span: 2 },
    { label: '备注', value: customer.beizhu, span: 2 },
  ];
}

function FollowUpList({ followups }: { followups: CustomerFollowUp[] }) {
  if (followups.length === 0) return <Empty description="暂无跟进记录" />;
  return (
    <List
      dataSource={followups}
      rowKey="id"
      renderItem={(item) => (
        <List.Item>
          <List.Item.Meta
            title={
              <Space>
                <span>{item.CretateName}</span>
                <Tag>{followUpChannelLabel(item.gjtype)}</Tag>
                <span style={{ color: 'rgba(0,0,0,0.45)' }}>{formatDateTime(item.genjinTime)}</span>
              </Space>
            }
            description={item.beizhu || MESSAGES.empty}
          />
        </List.Item>
      )}
    />
  );
}

const dash = (value: string | number | null) => (value === null || value === '' ? MESSAGES.empty : value);

const contactColumns: TableColumnsType<CustomerContact> = [
  {
    title: '姓名',
    dataIndex: 'contactName',
    render: (name: string, contact) => (
      <Space>
        {name}
        {contact.isPrimary ? <Tag color="blue">首要联系人</Tag> : null}
      </Space>
    ),
  },
  { title: '手机号码', dataIndex: 'mobile', render: dash },
  { title: '微信', dataIndex: 'wechat', render: dash },
  { title: 'QQ', dataIndex: 'qq', render: dash },
  { title: '职位', dataIndex: 'zhiwei', render: dash },
  { title: '性别', dataIndex: 'sex', render: dash },
];

function ContactTable({ contacts }: { contacts: CustomerContact[] }) {
  return <Table<CustomerContact> rowKey="id" size="small" pagination={false} columns={contactColumns} dataSource={contacts} />;
}
