/**
 * Create or edit a customer in the shared form panel (新建客户 / 编辑客户). A field that the user's
 * 字段权限 hides is left out of the form, so it is not required of them; the server keeps its stored
 * value on an edit (and leaves it empty on a create). A refusal naming the name or the mobile (an existing
 * customer's: 客户名称“…”已存在 / 手机号码已被…使用, or on the blacklist) shows under that field as well,
 * and the panel keeps the input.
 */
import { useMemo } from 'react';
import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import { DATETIME_FORMAT, TEXT_MAX, dayjs, isApiError } from '@portal/shared-core';
import { FormPanel, futureTimePickerProps, nextFollowUpRule, requiredRule } from '@portal/shared-ui';
import { useLeadSources } from '../api/use-lead-sources';
import { isHiddenField, useMyFieldMasks } from '../api/use-my-field-masks';
import { useSaveCustomerMutation } from '../api/use-save-customer-mutation';
import { CUSTOMER_LEVELS } from '../constants';
import type { CustomerDetail, CustomerFormValues, CustomerLevel } from '../types';

export type CustomerFormPanelProps = {
  open: boolean;
  /** The customer being edited; null to create one. */
  customer: CustomerDetail | null;
  /** Creating a lead (线索, clue 3) rather than a customer. */
  lead?: boolean;
  onClose: () => void;
};

/** The form field a refusal of the server is about, by how its message begins. */
export function refusedField(message: string): 'CustomerName' | 'contact_mobile' | null {
  if (/^客户(名称)?“/.test(message)) return 'CustomerName';
  if (/^(手机号码|该手机号码)/.test(message)) return 'contact_mobile';
  return null;
}

function toFormValues(customer: CustomerDetail | null): Partial<CustomerFormValues> {
  if (!customer) return {};
  return {
    CustomerName: customer.CustomerName,
    contact_name: customer.contact_name,
    contact_mobile: customer.contact_mobile,
    LaiYuan: customer.LaiYuan,
    // Masked by 字段权限, the masked text: shown as it is, and taken back by the server as unchanged.
    level: (customer.level || undefined) as CustomerLevel | undefined,
    industry: customer.industry,
    address: customer.address,
    nextgenjintime: customer.nextgenjintime ? dayjs(customer.nextgenjintime) : null,
    beizhu: customer.beizhu,
  };
}

/** Saving invalidates the customer lists (and the edited customer's detail), so they reload. */
export function CustomerFormPanel({ open, customer, lead = false, onClose }: CustomerFormPanelProps) {
  const [form] = Form.useForm<CustomerFormValues>();
  const { sources, loading: sourcesLoading } = useLeadSources();
  const initialValues = useMemo(() => toFormValues(customer), [customer]);
  const { mutateAsync: save } = useSaveCustomerMutation();
  const { masks } = useMyFieldMasks(open);
  const shown = (field: keyof CustomerFormValues) => !isHiddenField(masks, 'customer', field);

  async function handleSubmit(values: CustomerFormValues) {
    try {
      await save({ id: customer ? customer.id : null, values, lead: lead && !customer });
    } catch (error) {
      // The client has shown the message; the field it concerns shows it too, until the user changes it.
      const message = isApiError(error) ? (error.reply?.msg ?? '') : '';
      const field = refusedField(message);
      if (field && shown(field)) form.setFields([{ name: field, errors: [message] }]);
      throw error;
    }
    return true;
  }

  return (
    <FormPanel<CustomerFormValues>
      open={open}
      title={customer ? '编辑客户' : lead ? '新建线索' : '新建客户'}
      mode={customer ? 'edit' : 'create'}
      form={form}
      initialValues={initialValues}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="CustomerName" label="客户名称" rules={[requiredRule('input')]}>
            <Input maxLength={100} placeholder="请输入客户名称" />
          </Form.Item>
        </Col>
        {shown('contact_name') ? (
          <Col span={12}>
            <Form.Item name="contact_name" label="联系人" rules={[requiredRule('input')]}>
              <Input maxLength={50} placeholder="请输入联系人" />
            </Form.Item>
          </Col>
        ) : null}
        {shown('contact_mobile') ? (
          <Col span={12}>
            <Form.Item name="contact_mobile" label="手机号码" rules={[requiredRule('input')]}>
              <Input maxLength={20} placeholder="请输入手机号码" />
            </Form.Item>
          </Col>
        ) : null}
        <Col span={12}>
          <Form.Item name="LaiYuan" label="客户来源" rules={[requiredRule('select')]}>
            <Select
              aria-label="客户来源"
              placeholder="请选择"
              loading={sourcesLoading}
              showSearch={{ optionFilterProp: 'label' }}
              options={sources.map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
        </Col>
        {shown('level') ? (
          <Col span={12}>
            <Form.Item name="level" label="客户级别">
              <Select aria-label="客户级别" placeholder="请选择" allowClear options={CUSTOMER_LEVELS} />
            </Form.Item>
          </Col>
        ) : null}
        {shown('industry') ? (
          <Col span={12}>
            <Form.Item name="industry" label="所属行业">
              <Input maxLength={50} placeholder="请输入所属行业" />
            </Form.Item>
          </Col>
        ) : null}
        {shown('address') ? (
          <Col span={24}>
            <Form.Item name="address" label="地址">
              <Input maxLength={200} placeholder="请输入地址" />
            </Form.Item>
          </Col>
        ) : null}
        <Col span={12}>
          {/* From now on; an edit may keep the stored time although it has passed (the lists mark it 已逾期). */}
          <Form.Item name="nextgenjintime" label="下次跟进时间" rules={[nextFollowUpRule(customer?.nextgenjintime)]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format={DATETIME_FORMAT} style={{ width: '100%' }} {...futureTimePickerProps} />
          </Form.Item>
        </Col>
        {shown('beizhu') ? (
          <Col span={24}>
            <Form.Item name="beizhu" label="备注">
              <Input.TextArea rows={3} maxLength={TEXT_MAX} showCount placeholder="请输入备注" />
            </Form.Item>
          </Col>
        ) : null}
      </Row>
    </FormPanel>
  );
}
