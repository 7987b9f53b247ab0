/** 工作台 (crm/index): a greeting, today's date and shortcuts to the customer pages the user may open. */
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { dayjs, hasPermission, pageEntries, useSessionStore, type PageProps } from '@portal/shared-core';
import { useMyCustomerCount } from './api/use-my-customer-count';

type Shortcut = { subType: string; title: string; description: string };

const SHORTCUTS: Shortcut[] = [
  { subType: 'customer/watched', title: '我的客户', description: '查看、新建和跟进自己的客户' },
  { subType: 'customer/zaifenpei', title: '再分配客户', description: '分配给你的客户' },
  { subType: 'customer/total', title: '公海客户', description: '领取公海中的客户' },
  { subType: 'customer/search', title: '客户查询', description: '按名称或手机号查找客户' },
  { subType: 'signorentry/sign', title: '合同管理', description: '合同与回款' },
];

export function greeting(hour: number): string {
  if (hour < 6) return '夜深了';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

export default function WorkbenchPage(_props: PageProps) {
  const nickName = useSessionStore((s) => s.user?.NickName);
  const permissions = useSessionStore((s) => s.permissions);
  const shortcuts = SHORTCUTS.filter((s) => hasPermission(permissions, { type: 'crm', subType: s.subType }));
  const canListCustomers = pageEntries(permissions?.crm).some((p) => p.startsWith('customer/'));
  const myCustomers = useMyCustomerCount(canListCustomers);
  const now = dayjs();

  return (
    <div>
      <Typography.Title level={3}>
        {greeting(now.hour())}，{nickName ?? ''}
      </Typography.Title>
      <Typography.Paragraph type="secondary">今天是 {now.format('YYYY年M月D日 dddd')}</Typography.Paragraph>
      {myCustomers !== null ? (
        <Card style={{ marginBottom: 16, maxWidth: 240 }}>
          <Statistic title="我负责的客户" value={myCustomers} suffix="个" />
        </Card>
      ) : null}
      <Row gutter={[16, 16]}>
        {shortcuts.map((s) => (
          <Col key={s.subType} xs={24} sm={12} lg={8}>
            <Link to={`/crm/${s.subType}`}>
              <Card hoverable title={s.title}>
                {s.description}
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </div>
  );
}
