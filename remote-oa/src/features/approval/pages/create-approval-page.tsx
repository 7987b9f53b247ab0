/**
 * 新建流程 (oa/createApproval): the enabled flows by category; choosing one opens its bound form in
 * the dynamic form panel with 添加抄送 (at most 5) and, when the flow lets the submitter pick
 * approvers, a picker per such node; saving submits the record into the flow.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Form, Spin, Typography } from 'antd';
import { CC_MAX, flowKeys, useDataChange } from '@portal/shared-core';
import { CC_LABEL, DynamicFormFields, FormPanel, UserPicker, toSubmitValues, useDynamicRecord, type FormValues, type PickedUser } from '@portal/shared-ui';
import type { EnabledFlow } from '@portal/shared-contract';
import { fetchEnabledFlows, submitApproval } from '../api/submit-api';

function SubmitPanel({ flow, onClose }: { flow: EnabledFlow | null; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const record = useDynamicRecord({ module: flow?.formMode ?? '', id: '0', enabled: flow !== null });
  const [cc, setCc] = useState<PickedUser[]>([]);
  const [chosen, setChosen] = useState<Record<string, PickedUser[]>>({});
  const applyChange = useDataChange();
  async function handleSubmit(validated: FormValues) {
    if (!flow || !record.definition) return false;
    const values = toSubmitValues(record.definition, { ...form.getFieldsValue(true), ...validated });
    await submitApproval({
      flow,
      values,
      cc: cc.map(({ userid, username }) => ({ userid, username })),
      chosen: Object.fromEntries(Object.entries(chosen).map(([node, users]) => [node, users.map((u) => u.userid)])),
    });
    setCc([]);
    setChosen({});
    await applyChange({ type: 'approval-changed' });
    return true;
  }
  return (
    <FormPanel<FormValues>
      open={flow !== null}
      title={flow ? `${flow.name}` : ''}
      mode="create"
      form={form}
      initialValues={record.initialValues}
      onSubmit={handleSubmit}
      onClose={onClose}
      loading={record.loading}
      labelWidth={record.definition?.labelwidth || undefined}
    >
      {record.definition ? <DynamicFormFields definition={record.definition} mode="create" formCode={record.code} recordId="0" /> : null}
      {(flow?.chosenNodes ?? []).map((n) => (
        <Form.Item key={n.nodeId} label={`${n.name}审批人`} required>
          <UserPicker max={CC_MAX} value={chosen[n.nodeId] ?? []} onChange={(users) => setChosen((c) => ({ ...c, [n.nodeId]: users }))} />
        </Form.Item>
      ))}
      <Form.Item label={CC_LABEL}>
        <UserPicker max={CC_MAX} value={cc} onChange={setCc} />
      </Form.Item>
    </FormPanel>
  );
}

export default function CreateApprovalPage() {
  const { data: flows, isLoading } = useQuery({ queryKey: flowKeys.enabled(), queryFn: fetchEnabledFlows });
  const [chosen, setChosen] = useState<EnabledFlow | null>(null);
  if (isLoading) return <Spin style={{ display: 'block', padding: 48 }} />;
  if (!flows?.length) return <Empty description="暂无可用的审批流程" />;
  const categories = [...new Set(flows.map((f) => f.category))];
  return (
    <>
      {categories.map((category) => (
        <Card key={category} title={category} size="small" style={{ marginBottom: 12 }}>
          <Flex gap={12} wrap>
            {flows
              .filter((f) => f.category === category)
              .map((f) => (
                <Button key={f.id} onClick={() => setChosen(f)} style={{ height: 'auto', padding: '8px 16px', textAlign: 'left' }}>
                  <div>{f.name}</div>
                  {f.beizhu ? (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {f.beizhu}
                    </Typography.Text>
                  ) : null}
                </Button>
              ))}
          </Flex>
        </Card>
      ))}
      <SubmitPanel flow={chosen} onClose={() => setChosen(null)} />
    </>
  );
}
