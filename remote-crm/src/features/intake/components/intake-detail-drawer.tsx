/**
 * One intake: its fields, its 进件资料 (signed links), 打印, and the approval's progress (the steps
 * and the log of api/WorkFlow/detail, which the submitter, the approvers and the department's
 * managers may read).
 */
import { Descriptions, Drawer, Empty, Flex, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { APPROVAL_STATUS_LABELS, WIDTHS, type ApprovalStatus } from '@portal/shared-core';
import { useFileSrcs } from '@portal/shared-ui';
import { useApprovalProgress, useIntake, type IntakeFile } from '../api/intake-api';
import { IntakePrintButton } from './intake-print-button';
import { formatMoney } from './intake-format';

export function StatusTag({ status, text }: { status: number; text?: string }) {
  const label = APPROVAL_STATUS_LABELS[status as ApprovalStatus];
  return <Tag color={label?.color}>{text || label?.label || status}</Tag>;
}

function Files({ files }: { files: IntakeFile[] }) {
  const srcs = useFileSrcs(files.map((f) => f.url));
  if (files.length === 0) return <Typography.Text type="secondary">无</Typography.Text>;
  return (
    <Space orientation="vertical" size={2}>
      {files.map((f, i) => (
        <a key={f.id} href={srcs[i]} target="_blank" rel="noreferrer">
          {f.FileName}
        </a>
      ))}
    </Space>
  );
}

const STEP_TEXT: Readonly<Record<number, string>> = { 0: '待接收', 1: '已查阅', 2: '处理中', 3: '已处理', 4: '未通过' };

function Progress({ taskid }: { taskid: number }) {
  const progress = useApprovalProgress(taskid);
  if (taskid <= 0) return <Empty description="尚未提交审批" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  if (progress.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!progress.data) return <Typography.Text type="secondary">无法查看审批进度</Typography.Text>;
  const { steps, logs, task } = progress.data;
  return (
    <>
      <Typography.Paragraph type="secondary">{task.flowName}</Typography.Paragraph>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        {steps.map((s) => (
          <Tag key={s.id} color={s.Status === 4 ? 'red' : s.Status === 3 ? 'green' : 'blue'}>
            {s.StepName} · {s.UserName} · {STEP_TEXT[s.Status] ?? s.Status}
          </Tag>
        ))}
      </Flex>
      <Timeline
        items={logs.map((l) => ({
          key: l.id,
          content: (
            <div>
              <Space>
                <Typography.Text strong>{l.UserName}</Typography.Text>
                <Tag>{l.status}</Tag>
                {l.name ? <Typography.Text type="secondary">{l.name}</Typography.Text> : null}
                <Typography.Text type="secondary">{l.AddTime}</Typography.Text>
              </Space>
              {l.Ext ? <div>{l.Ext}</div> : null}
            </div>
          ),
        }))}
      />
    </>
  );
}

export function IntakeDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const intake = useIntake(id);
  const row = intake.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={WIDTHS.formPanel}
      title={row ? `进件 ${row.entrySn}` : '进件详情'}
      extra={row ? <IntakePrintButton row={row} size="middle" /> : null}
      destroyOnHidden
    >
      {!row ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="进件编号">{row.entrySn}</Descriptions.Item>
            <Descriptions.Item label="审批状态">
              <StatusTag status={row.status} text={row.statusText} />
            </Descriptions.Item>
            <Descriptions.Item label="客户">{row.customerName}</Descriptions.Item>
            <Descriptions.Item label="关联合同">{row.contractName || '—'}</Descriptions.Item>
            <Descriptions.Item label="进件金额">{formatMoney(row.Money)}</Descriptions.Item>
            <Descriptions.Item label="进件日期">{row.riqi}</Descriptions.Item>
            <Descriptions.Item label="提交人">{row.UserName}</Descriptions.Item>
            <Descriptions.Item label="提交时间">{row.AddTime}</Descriptions.Item>
            <Descriptions.Item label="进件资料" span={2}>
              <Files files={row.files} />
            </Descriptions.Item>
            <Descriptions.Item label="备注" span={2}>
              {row.beizhu || '—'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            审批进度
          </Typography.Title>
          <Progress taskid={row.taskid} />
        </>
      )}
    </Drawer>
  );
}
