/**
 * 基础设置 (system/basic): company name and logo (top bar), public-pool rules, numbering rules, login
 * security and the upload size; each card saves its own group (basic:edit), every change is logged.
 * The print templates live here too (spec §2.2 gives them no page of their own).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Card, Checkbox, Col, Form, Image, Input, InputNumber, Row, Select, Skeleton, Space, Switch, Table, Typography } from 'antd';
import { useActionRight, type PageProps } from '@portal/shared-core';
import { UploadWidget, useFileSrc } from '@portal/shared-ui';
import { useSaveSettings, useSettingLogs, useSettings, type SettingGroup, type Settings } from '../api/settings-api';
import { LevelDaysField, levelDaysPayload } from '../components/level-days-field';
import { PrintTemplatesCard } from '../components/print-templates-card';
import { PublicPoolsCard } from '../components/public-pools-card';

type GroupCardProps = {
  title: string;
  group: SettingGroup;
  initial: Record<string, unknown>;
  canEdit: boolean;
  children: ReactNode;
  toValues?: (v: Record<string, unknown>) => Record<string, unknown>;
};

function GroupCard({ title, group, initial, canEdit, children, toValues = (v) => v }: GroupCardProps) {
  const [form] = Form.useForm();
  const save = useSaveSettings();
  // Reset to what the server holds when that changes (after a save, or another 编号类型), not on every render.
  const stored = JSON.stringify(initial);
  useEffect(() => form.setFieldsValue(JSON.parse(stored) as Record<string, unknown>), [form, stored]);
  return (
    <Card size="small" title={title}>
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        disabled={!canEdit}
        onFinish={(v: Record<string, unknown>) => save.mutate({ group, values: toValues(v) })}
      >
        {children}
        {canEdit ? (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
        ) : null}
      </Form>
    </Card>
  );
}

const days = (label: string, name: string, max: number, unit = '天') => (
  <Form.Item label={label} name={name} rules={[{ required: true, message: `${label}不能为空` }]}>
    <InputNumber min={0} max={max} precision={0} addonAfter={unit} style={{ width: 180 }} />
  </Form.Item>
);

function LogoField({ value, onChange }: { value?: string; onChange?: (url: string) => void }) {
  const src = useFileSrc(value || undefined);
  return (
    <Space direction="vertical">
      {src ? <Image src={src} height={40} preview={false} alt="公司标志" /> : <Typography.Text type="secondary">未上传</Typography.Text>}
      <UploadWidget params={{ picType: 'logo' }} accept="image/*" onUploaded={(file) => onChange?.(file.url)} />
      {value ? <Typography.Link onClick={() => onChange?.('')}>移除标志</Typography.Link> : null}
    </Space>
  );
}

function NumberingCard({ settings, canEdit }: { settings: Settings; canEdit: boolean }) {
  const [kind, setKind] = useState(settings.numberKinds[0]?.key ?? 'customer');
  const rule = settings.numbering[kind] ?? { prefix: '', withDate: true, digits: 4 };
  const initial = { kind, prefix: rule.prefix, withDate: rule.withDate, digits: rule.digits };
  return (
    <GroupCard title="编号规则" group="numbering" initial={initial} canEdit={canEdit} toValues={(v) => ({ ...v, kind, withDate: v.withDate ? 1 : 0 })}>
      <Form.Item label="编号类型">
        <Select
          value={kind}
          onChange={setKind}
          options={settings.numberKinds.map((k) => ({ value: k.key, label: k.name }))}
          style={{ width: 180 }}
          disabled={false}
        />
      </Form.Item>
      <Form.Item label="前缀" name="prefix" rules={[{ pattern: /^[A-Za-z0-9-]*$/, message: '编号前缀只能包含字母、数字和-' }]}>
        <Input maxLength={10} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item label="包含日期（yyyyMMdd，每天从1开始）" name="withDate" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item label="流水号位数" name="digits">
        <InputNumber min={3} max={8} precision={0} />
      </Form.Item>
      <Typography.Paragraph type="secondary">
        示例：{rule.prefix}
        {rule.withDate ? '20261124' : ''}
        {'1'.padStart(rule.digits, '0')}
      </Typography.Paragraph>
    </GroupCard>
  );
}

export default function BasicSettingsPage(_props: PageProps) {
  const settings = useSettings();
  const canEdit = useActionRight('system', 'basic', 'edit');
  const [logPage, setLogPage] = useState(1);
  const logs = useSettingLogs({ page: logPage, rows: 10 });
  const s = settings.data;
  if (!s) return settings.isError ? <Typography.Text type="danger">基础设置加载失败</Typography.Text> : <Skeleton active />;

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Row gutter={16}>
        <Col span={12}>
          <GroupCard title="公司信息（显示在顶栏）" group="company" canEdit={canEdit} initial={{ companyName: s.companyName, companyLogo: s.companyLogo }}>
            <Form.Item label="公司名称" name="companyName" rules={[{ required: true, whitespace: true, message: '公司名称不能为空' }]}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item label="公司标志" name="companyLogo">
              <LogoField />
            </Form.Item>
          </GroupCard>
        </Col>
        <Col span={12}>
          <GroupCard
            title="公海规则"
            group="pool"
            canEdit={canEdit}
            initial={{ ...s, capCountsDealt: s.capCountsDealt }}
            toValues={(v) => ({
              ...v,
              capCountsDealt: v.capCountsDealt ? 1 : 0,
              poolLevelDays: levelDaysPayload(v.poolLevelDays as Record<string, number> | undefined),
            })}
          >
            <Row gutter={12}>
              <Col span={12}>{days('未跟进回收天数', 'poolNoFollowupDays', 3650)}</Col>
              <Col span={12}>{days('未成交回收天数', 'poolNoDealDays', 3650)}</Col>
              <Col span={12}>{days('提前提醒天数', 'poolWarningDays', 365)}</Col>
              <Col span={12}>{days('每日领取上限', 'claimLimitPerDay', 10000, '个')}</Col>
              <Col span={12}>{days('原负责人再领取间隔', 'reclaimWaitDays', 3650)}</Col>
              <Col span={12}>{days('每人客户数上限', 'ownershipCap', 1000000, '个')}</Col>
            </Row>
            <Form.Item name="capCountsDealt" valuePropName="checked">
              <Checkbox>已成交客户计入上限</Checkbox>
            </Form.Item>
            <Form.Item label="各客户级别未跟进回收天数（留空则按通用规则）" name="poolLevelDays">
              <LevelDaysField levels={s.poolLevels ?? []} generalDays={s.poolNoFollowupDays} />
            </Form.Item>
          </GroupCard>
        </Col>
      </Row>
      <PublicPoolsCard canEdit={canEdit} />
      <Row gutter={16}>
        <Col span={8}>
          <NumberingCard settings={s} canEdit={canEdit} />
        </Col>
        <Col span={8}>
          <GroupCard title="登录安全" group="security" canEdit={canEdit} initial={s}>
            <Form.Item label="密码最小长度" name="passwordMinLength">
              <InputNumber min={6} max={32} precision={0} />
            </Form.Item>
            <Form.Item label="密码至少包含几类字符（小写、大写、数字、其他）" name="passwordClasses">
              <InputNumber min={1} max={4} precision={0} />
            </Form.Item>
            <Form.Item label="登录失败次数上限（15分钟内，同一账号同一IP）" name="loginFailLimit">
              <InputNumber min={3} max={20} precision={0} />
            </Form.Item>
            <Form.Item label="登录有效时长" name="sessionHours">
              <InputNumber min={1} max={720} precision={0} addonAfter="小时" />
            </Form.Item>
          </GroupCard>
        </Col>
        <Col span={8}>
          <GroupCard title="上传设置" group="upload" canEdit={canEdit} initial={s}>
            <Form.Item label={`单个文件大小上限（不超过服务器限制 ${s.uploadLimitMb} MB）`} name="uploadMaxMb">
              <InputNumber min={1} max={1024} precision={0} addonAfter="MB" />
            </Form.Item>
          </GroupCard>
        </Col>
      </Row>
      <PrintTemplatesCard canEdit={canEdit} />
      <Card size="small" title="修改记录">
        <Table
          rowKey="id"
          size="small"
          dataSource={logs.rows}
          loading={logs.loading}
          pagination={{ current: logPage, pageSize: 10, total: logs.total, onChange: setLogPage, showSizeChanger: false }}
          locale={{ emptyText: '暂无修改记录' }}
          columns={[
            { title: '时间', dataIndex: 'AddTime', width: 170 },
            { title: '修改人', dataIndex: 'UserName', width: 110 },
            { title: '设置', dataIndex: 'group', width: 110 },
            {
              title: '修改后',
              dataIndex: 'newValue',
              render: (v: string) => (
                <Typography.Text code style={{ wordBreak: 'break-all' }}>
                  {v}
                </Typography.Text>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
