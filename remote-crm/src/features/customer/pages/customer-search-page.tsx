/**
 * 客户查询 (crm/customer/search, no login): a full customer name or phone number → whether the
 * customer exists, its owner (masked) and department, whether it is in the pool or blacklisted, and
 * its last follow-up date (api/customer/GetsearchKh). Logged-in users see more within their scope.
 */
import { useState } from 'react';
import { Alert, Card, Descriptions, Empty, Input, Space, Tag, Typography } from 'antd';
import type { CustomerLookupList, CustomerLookupRow } from '@portal/shared-contract';
import { api, MESSAGES } from '@portal/shared-core';

export function searchCustomers(key: string) {
  return api.fetch<CustomerLookupList>('api/customer/GetsearchKh', { key }, { silent: true });
}

export default function CustomerSearchPage() {
  const [hits, setHits] = useState<CustomerLookupRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  async function handleSearch(raw: string) {
    const key = raw.trim();
    if (!key) return setError('请输入完整的客户名称或手机号码');
    setLoading(true);
    setError(null);
    try {
      const data = await searchCustomers(key);
      setHits(data?.rows ?? []);
    } catch (err) {
      setHits(null);
      setError(err instanceof Error && err.message ? err.message : MESSAGES.networkFailed);
    } finally {
      setLoading(false);
    }
  }

  return (
    <Card title="客户查询" style={{ maxWidth: 720, margin: '24px auto' }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">请输入完整的客户名称或手机号码查询客户是否已存在</Typography.Text>
        <Input.Search aria-label="客户名称或手机号码" enterButton="查询" loading={loading} onSearch={(v) => void handleSearch(v)} maxLength={100} />
        {error ? <Alert type="error" showIcon message={error} /> : null}
        {hits && hits.length === 0 ? <Empty description="未找到该客户" /> : null}
        {hits?.map((hit, i) => (
          <Descriptions key={i} bordered size="small" column={2} title={hit.CustomerName ?? '客户已存在'}>
            <Descriptions.Item label="状态">
              {hit.blacklisted ? <Tag color="red">黑名单</Tag> : hit.inPool ? <Tag color="blue">公海客户</Tag> : <Tag color="green">已有负责人</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="负责人">{hit.owner || MESSAGES.empty}</Descriptions.Item>
            <Descriptions.Item label="所属部门">{hit.department || MESSAGES.empty}</Descriptions.Item>
            <Descriptions.Item label="最后跟进">{hit.lastFollowup || MESSAGES.empty}</Descriptions.Item>
          </Descriptions>
        ))}
      </Space>
    </Card>
  );
}
