/**
 * 新建进件 (crm signorentry/entry/:id): the `intake` work form as a page. `:id` is the customer the
 * intake is for (its name is filled in from the customer, spec §2.5 prefill), 0 to choose one in the
 * form. 进件管理's 新建进件 opens it with 0 and a customer's detail with the customer. 提交 sends
 * the intake to 进件审核 (api/customer/EntryAudit, with up to 5 cc recipients); the page then shows
 * the 进件编号 with the ways on: the intake list, the intake's details there, or another intake.
 * The server checks everything again (the customer in the user's scope, own uploads, the amount). A
 * blacklisted customer named by the address takes no intake: the page says so instead of the form.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Result, Skeleton } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { CustomerDetail } from '@portal/shared-contract';
import { CC_MAX, MESSAGES, api, customerKeys, intakeKeys, useActionRights, type PageProps } from '@portal/shared-core';
import { CC_LABEL, DynamicFormFields, UserPicker, labelLayout, useDynamicRecord, type FormValues, type PickedUser } from '@portal/shared-ui';
import { INTAKE_FORM } from '../api/intake-api';
import { INTAKE_LIST_PATH } from '../../../lib/intake-paths';

export default function IntakeNewPage({ params }: PageProps) {
  const rights = useActionRights('crm', 'signorentry/entry', ['create'] as const);
  const customerId = Number(params?.id);
  if (!rights.create) return <Result status="403" title="没有新建进件的权限" subTitle="请联系管理员在角色权限中开通「进件管理 › 新建」" />;
  const forCustomer = Number.isInteger(customerId) && customerId > 0 ? customerId : 0;
  // A new key per customer: the form starts over when the address names another customer.
  return <NewIntake key={forCustomer} customerId={forCustomer} />;
}

type Submitted = { id?: number | string; entrySn?: string };

function NewIntake({ customerId }: { customerId: number }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const record = useDynamicRecord({ module: INTAKE_FORM, id: 0, ...(customerId ? { customerId } : {}) });
  const [form] = Form.useForm<FormValues>();
  const [cc, setCc] = useState<PickedUser[]>([]);
  const [saving, setSaving] = useState(false);
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  // The customer the form is prefilled from (the same query as the prefill's, so one request).
  const customer = useQuery({
    queryKey: customerKeys.detail(customerId),
    queryFn: () => api.fetch<Pick<CustomerDetail, 'blacklisted'>>('api/customer/Views', { id: customerId }),
    enabled: customerId > 0,
  });

  async function submit() {
    const validated = await form.validateFields().catch(() => null);
    if (!validated) return;
    setSaving(true);
    try {
      const reply = await record.save(
        { ...form.getFieldsValue(true), ...validated },
        cc.map(({ userid, username, header }) => ({ userid, username, header })),
      );
      void queryClient.invalidateQueries({ queryKey: intakeKeys.lists() });
      setSubmitted((reply.data as Submitted | undefined) ?? {});
    } catch {
      // The client has shown the server's message (e.g. 该客户不在您的数据范围内); the form keeps its values.
    } finally {
      setSaving(false);
    }
  }

  if (customer.data?.blacklisted === 1) {
    return (
      <Card>
        <Result
          status="warning"
          title="该客户在黑名单中，不能新建进件"
          subTitle="请先将客户移出黑名单"
          extra={
            <Button type="primary" onClick={() => navigate(INTAKE_LIST_PATH)}>
              返回进件管理
            </Button>
          }
        />
      </Card>
    );
  }

  if (submitted) {
    return (
      <Card>
        <Result
          status="success"
          title="进件已提交审批"
          subTitle={submitted.entrySn ? `进件编号 ${submitted.entrySn}，可在进件管理中查看审批进度` : '可在进件管理中查看审批进度'}
          extra={[
            <Button type="primary" key="list" onClick={() => navigate(INTAKE_LIST_PATH)}>
              返回进件管理
            </Button>,
            <Button
              key="again"
              onClick={() => {
                setSubmitted(null);
                setCc([]);
                form.resetFields();
              }}
            >
              继续新建
            </Button>,
          ]}
        />
      </Card>
    );
  }

  return (
    <Card
      title="新建进件"
      extra={
        <Button type="link" onClick={() => navigate(INTAKE_LIST_PATH)}>
          返回进件管理
        </Button>
      }
    >
      {record.failed ? <Result status="warning" title={MESSAGES.customFieldsFailed} /> : null}
      {record.loading || !record.definition ? (
        record.failed ? null : (
          <Skeleton active paragraph={{ rows: 6 }} />
        )
      ) : (
        <Form form={form} initialValues={record.initialValues} layout="horizontal" labelWrap style={{ maxWidth: 880 }}>
          <DynamicFormFields definition={record.definition} mode="create" formCode={record.code} recordId="0" />
          <Form.Item label={CC_LABEL} {...labelLayout(record.definition)} style={{ maxWidth: '50%' }}>
            <UserPicker value={cc} onChange={setCc} max={CC_MAX} />
          </Form.Item>
          <Flex gap={8} justify="center">
            <Button type="primary" loading={saving} onClick={() => void submit()}>
              提交审批
            </Button>
            <Button onClick={() => navigate(INTAKE_LIST_PATH)}>取消</Button>
          </Flex>
        </Form>
      )}
    </Card>
  );
}
