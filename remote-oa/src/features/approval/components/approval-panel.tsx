/**
 * The approval side panel (spec §2.5, 920 px, titled 审批): the record's form (the fields the
 * caller's node makes writable are editable and saved on their own), the flow diagram, the log with
 * comments, the read receipts (已查阅/未查阅), and the actions: 同意 (重新提交 on a start-type node,
 * where 退回 is hidden), 退回 to a passed node or 不通过, 转交, 评论, 抄送, and for the submitter
 * 撤回 and 催办. Decision buttons show only while the caller's step Status is below 3.
 */
import { useMemo } from 'react';
import { Avatar, Button, Divider, Drawer, Empty, Flex, Form, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { APPROVAL_STATUS, APPROVAL_STATUS_LABELS, WIDTHS } from '@portal/shared-core';
import { amountInCapitals, DynamicDetailView, DynamicForm, PrintRecordButton, toSubmitValues, useDynamicRecord, type FormDefinition } from '@portal/shared-ui';
import * as approvalApi from '../api/approval-api';
import type { ApprovalDetail, FieldRight } from '@portal/shared-contract';
import { useApprovalCommand, useApprovalDetail } from '../api/use-approval-queries';
import { ApprovalActions } from './approval-actions';
import { FlowDiagram } from './flow-diagram';
import { INTAKE_MODE, IntakePrint } from './intake-print';

export const PANEL_TITLE = '审批';

export function statusTag(status: number) {
  const known = APPROVAL_STATUS_LABELS[status as keyof typeof APPROVAL_STATUS_LABELS];
  return known ? <Tag color={known.color}>{known.label}</Tag> : <Tag>已撤回</Tag>;
}

/** The definition restricted to the fields the node makes editable. */
function writableDefinition(definition: FormDefinition, rights: Record<string, FieldRight>): FormDefinition {
  return {
    ...definition,
    items: definition.items.filter((item) => {
      const json = typeof item.json === 'string' ? (JSON.parse(item.json) as { field?: string }) : item.json;
      return json.field !== undefined && rights[json.field] === 'edit';
    }),
  };
}

function NodeForm({ detail }: { detail: ApprovalDetail }) {
  const [form] = Form.useForm();
  const record = useDynamicRecord({ module: detail.task.modelType, id: '0' });
  const rights = useMemo(() => detail.myStep?.writeField ?? {}, [detail.myStep?.writeField]);
  const hasWritable = Object.values(rights).includes('edit');
  const definition = useMemo(
    () => (record.definition && hasWritable ? writableDefinition(record.definition, rights) : null),
    [record.definition, hasWritable, rights],
  );
  const save = useApprovalCommand((data: Record<string, unknown>) => approvalApi.saveNodeForm(detail.myStep?.id ?? 0, data));
  const shown = Object.fromEntries(Object.entries(detail.data).filter(([k]) => rights[k] !== 'hidden'));
  return (
    <>
      <DynamicDetailView module={detail.task.modelType} values={shown} definition={record.definition ?? undefined} />
      {definition && definition.items.length > 0 ? (
        <div style={{ marginTop: 12 }}>
          <Typography.Text strong>可编辑字段</Typography.Text>
          <DynamicForm form={form} definition={definition} mode="edit" formCode={record.code} recordId={String(detail.task.modelId)} initialValues={shown} />
          <Button
            loading={save.isPending}
            onClick={async () => {
              // Validate first (spec §4 "save form only when the node has writable fields").
              const values = await form.validateFields();
              await save.mutateAsync(toSubmitValues(definition, values));
            }}
          >
            保存表单
          </Button>
        </div>
      ) : null}
    </>
  );
}

export type ApprovalPanelProps = {
  taskid: number | null;
  onClose: () => void;
  /** After an action: the returned step Status (replaces the row's). */
  onStatus?: (status: number | undefined) => void;
};

export function ApprovalPanel({ taskid, onClose, onStatus }: ApprovalPanelProps) {
  const { data: detail, isLoading } = useApprovalDetail(taskid);
  return (
    <Drawer open={taskid !== null} size={WIDTHS.approvalPanel} title={PANEL_TITLE} onClose={onClose} destroyOnHidden>
      {isLoading ? <Spin style={{ display: 'block', padding: 48 }} /> : detail ? <ApprovalPanelContent detail={detail} onStatus={onStatus} /> : <Empty />}
    </Drawer>
  );
}

const EXPENSE_LINE_COLUMNS = [
  { key: 'riqi', title: '日期' },
  { key: 'category', title: '费用类型' },
  { key: 'amount', title: '金额（元）' },
  { key: 'note', title: '说明' },
];

/** 打印 on a 报销 (the enabled 报销 template, filled from the snapshot the approvers read). */
function ExpensePrint({ detail }: { detail: ApprovalDetail }) {
  const data = detail.data;
  const status = APPROVAL_STATUS_LABELS[detail.task.Status as keyof typeof APPROVAL_STATUS_LABELS]?.label ?? '已撤回';
  const lines = Array.isArray(data.items) ? (data.items as Record<string, unknown>[]) : [];
  return (
    <PrintRecordButton
      module="baoxiao"
      title={detail.task.title}
      values={{
        ...data,
        MoneyUpper: amountInCapitals(String(data.Money ?? 0)),
        UserName: detail.task.UserName,
        AddTime: detail.task.AddTime,
        statusText: status,
      }}
      tables={{ items: { columns: EXPENSE_LINE_COLUMNS, rows: lines.map((l) => ({ ...l, note: l.note ?? l.ext })) } }}
    />
  );
}

/** The panel's sections for one loaded instance. */
export function ApprovalPanelContent({ detail, onStatus }: { detail: ApprovalDetail; onStatus?: (status: number | undefined) => void }) {
  return (
    <>
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {detail.task.title}
        </Typography.Title>
        <Space>
          {detail.task.modelType === 'baoxiao' ? <ExpensePrint detail={detail} /> : null}
          {detail.task.modelType === INTAKE_MODE ? <IntakePrint detail={detail} /> : null}
          {statusTag(detail.task.Status)}
        </Space>
      </Flex>
      <Typography.Text type="secondary">
        {detail.task.flowName} · {detail.task.UserName} · {detail.task.AddTime}
      </Typography.Text>
      <Divider titlePlacement="start">表单</Divider>
      <NodeForm detail={detail} />
      <Divider titlePlacement="start">流程图</Divider>
      <FlowDiagram flow={detail.WorlFlowJson} steps={detail.steps} passed={detail.task.Status === APPROVAL_STATUS.passed} />
      <Divider titlePlacement="start">审批</Divider>
      <ApprovalActions detail={detail} onDone={(s) => onStatus?.(s)} />
      <Divider titlePlacement="start">审批日志</Divider>
      <Timeline
        items={detail.logs.map((l) => ({
          key: l.id,
          content: (
            <div>
              <Space>
                <Avatar size="small" src={l.Header || undefined}>
                  {l.UserName.slice(0, 1)}
                </Avatar>
                <Typography.Text strong>{l.UserName}</Typography.Text>
                <Tag>{l.status}</Tag>
                {l.name ? <Typography.Text type="secondary">{l.name}</Typography.Text> : null}
                <Typography.Text type="secondary">{l.AddTime}</Typography.Text>
              </Space>
              {l.Ext ? <div style={{ marginTop: 4 }}>{l.Ext}</div> : null}
              {l.files.map((f) => (
                <div key={f.id}>
                  <a href={f.url} target="_blank" rel="noreferrer">
                    {f.FileName}
                  </a>
                </div>
              ))}
            </div>
          ),
        }))}
      />
      <Divider titlePlacement="start">查阅情况</Divider>
      {detail.reads.map((r) => (
        <Flex
          key={`${r.kind}-${r.id}`}
          data-reader={r.nickname}
          data-read={r.is_read}
          justify="space-between"
          style={{ padding: '4px 0', borderBottom: '1px solid #f0f0f0' }}
        >
          <Space>
            <Avatar size="small" src={r.header || undefined}>
              {r.nickname.slice(0, 1)}
            </Avatar>
            {r.nickname}
            <Typography.Text type="secondary">{r.kind}</Typography.Text>
          </Space>
          {r.is_read === 'True' ? (
            <Typography.Text type="success">已查阅 {r.readtime}</Typography.Text>
          ) : (
            <Typography.Text type="secondary">未查阅</Typography.Text>
          )}
        </Flex>
      ))}
    </>
  );
}
