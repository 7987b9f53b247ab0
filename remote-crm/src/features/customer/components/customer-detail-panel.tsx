/**
 * The customer detail panel (spec §2.5): tabs 跟进记录 (with the add form) / 详细资料 / 联系人 (primary by
 * radio) / 合同 (the contracts, contracts-tab.tsx) / 附件 / 操作日志 with their counts from api/customer/Subtotal; 置顶 and 关注 toggles;
 * 编辑 (the form panel) and 删除 (after the bulk-action confirmation; the panel closes and the lists
 * refresh); 新建进件 (the intake page for this customer) for a customer outside the 公海. Each button
 * shows only with its action right. A blacklisted customer gets no new records (the server refuses them):
 * no 新建进件, no follow-up form, no 新增联系人; its data and existing contacts can still be corrected.
 */
import { useCallback } from 'react';
import { Button, Drawer, Space, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { CLUE_DEAL_DONE, WIDTHS, clueLabel, useActionRights, useSessionStore } from '@portal/shared-core';
import { AttachmentList, DetailTabs, DetailView, NextFollowUpTime, useSubtotal, type DetailItem } from '@portal/shared-ui';
import { useConfirmDeleteCustomers } from '../hooks/use-confirm-delete-customers';
import { useMarkMutation } from '../hooks/use-customer-detail-tabs';
import type { CustomerDetail } from '../types';
import { ContactsTab } from './contacts-tab';
import { FollowUpTab } from './follow-up-tab';
import { OperationLogTab } from './operation-log-tab';
import { ContractsTab } from './contracts-tab';
import { newIntakePath } from '../../../lib/intake-paths';

export type CustomerDetailPanelProps = {
  open: boolean;
  customer: CustomerDetail | null;
  loading: boolean;
  /** The user's rights to 编辑 and 删除 (crm customer/watched:edit / :delete). */
  canEdit: boolean;
  canDelete: boolean;
  /** A lead (线索): its tab counts come from api/clues/Subtotal and it has no contract tab. */
  lead?: boolean;
  onClose: () => void;
  onEdit: (customer: CustomerDetail) => void;
};

export function CustomerDetailPanel({ open, customer, loading, canEdit, canDelete, lead = false, onClose, onEdit }: CustomerDetailPanelProps) {
  const confirmDelete = useConfirmDeleteCustomers();
  const { counts, setCount } = useSubtotal(lead ? 'api/clues/Subtotal' : 'api/customer/Subtotal', open ? customer?.id : undefined);
  const handleFileCount = useCallback((n: number) => setCount('files', n), [setCount]);
  const mark = useMarkMutation(customer?.id ?? 0);
  const userId = useSessionStore((s) => s.user?.UserID ?? 0);
  const intakeRights = useActionRights('crm', 'signorentry/entry', ['create'] as const);
  const navigate = useNavigate();
  const blacklisted = customer?.blacklisted === 1;

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
            <Button aria-pressed={customer.isTop === 1} onClick={() => void mark.mutateAsync({ kind: 'top' }).catch(() => undefined)}>
              {customer.isTop === 1 ? '取消置顶' : '置顶'}
            </Button>
            <Button
              aria-pressed={customer.watched === 1}
              onClick={() => void mark.mutateAsync({ kind: 'watch', on: customer.watched !== 1 }).catch(() => undefined)}
            >
              {customer.watched === 1 ? '取消关注' : '关注'}
            </Button>
            {customer.UserID === userId && customer.gonghai === 0 ? (
              <Button
                aria-pressed={customer.locked === 1}
                onClick={() => void mark.mutateAsync({ kind: 'lock', on: customer.locked !== 1 }).catch(() => undefined)}
              >
                {customer.locked === 1 ? '解除锁定' : '锁定'}
              </Button>
            ) : null}
            {intakeRights.create && !lead && customer.gonghai === 0 && !blacklisted ? (
              <Button
                onClick={() => {
                  onClose();
                  navigate(newIntakePath(customer.id));
                }}
              >
                新建进件
              </Button>
            ) : null}
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
            {
              key: 'followups',
              label: '跟进记录',
              countKey: 'followups',
              children: <FollowUpTab customerId={customer.id} canWrite={customer.gonghai === 0 && !blacklisted} />,
            },
            { key: 'details', label: '详细资料', children: <DetailView items={detailItems(customer)} /> },
            {
              key: 'contacts',
              label: '联系人',
              countKey: 'contact',
              children: <ContactsTab customerId={customer.id} canWrite={canEdit && customer.gonghai === 0} canAdd={!blacklisted} />,
            },
            ...(lead ? [] : [{ key: 'contracts', label: '合同', countKey: 'contract', children: <ContractsTab customerId={customer.id} /> }]),
            {
              key: 'files',
              label: '附件',
              countKey: 'files',
              children: <AttachmentList query={{ picType: 'customer', modelId: customer.id }} onCountChange={handleFileCount} />,
            },
            { key: 'logs', label: '操作日志', countKey: 'logs', children: <OperationLogTab customerId={customer.id} /> },
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
    { label: '下次跟进时间', value: customer.nextgenjintime ? <NextFollowUpTime value={customer.nextgenjintime} /> : customer.nextgenjintime },
    { label: '地址', value: customer.address, span: 2 },
    { label: '备注', value: customer.beizhu, span: 2 },
    ...(customer.gonghai === 1
      ? [
          { label: '进入公海原因', value: customer.poolReason ?? '' },
          { label: '原负责人', value: customer.previousOwner ?? '' },
        ]
      : []),
    ...(customer.blacklisted === 1 ? [{ label: '黑名单原因', value: customer.blackReason ?? '' }] : []),
    ...(customer.recycleDays !== null && customer.recycleDays !== undefined ? [{ label: '距进入公海', value: `${customer.recycleDays}天` }] : []),
  ];
}
