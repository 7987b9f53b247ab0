import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';
import { Form, Input, Select } from 'antd';
import { FormPanel, type FormPanelMode } from './form-panel';
import { requiredRule } from './required-rule';

type Values = { CustomerName: string; LaiYuan?: number };

function Panel({
  mode,
  onSubmit,
  onClose = jest.fn(),
  initialValues,
}: {
  mode: FormPanelMode;
  onSubmit: (values: Values) => Promise<boolean>;
  onClose?: () => void;
  initialValues?: Partial<Values>;
}) {
  const [form] = Form.useForm<Values>();
  return (
    <FormPanel<Values> open title="新建客户" mode={mode} form={form} initialValues={initialValues} onSubmit={onSubmit} onClose={onClose}>
      <Form.Item name="CustomerName" label="客户名称" rules={[requiredRule('input')]}>
        <Input placeholder="客户名称" />
      </Form.Item>
      <Form.Item name="LaiYuan" label="客户来源" rules={[requiredRule('select')]}>
        <Select options={[{ value: 1, label: '官网' }]} />
      </Form.Item>
    </FormPanel>
  );
}

describe('FormPanel', () => {
  it('shows 信息必须填写 for an empty input and 请选择 for an empty select, and does not save', async () => {
    const onSubmit = jest.fn(async () => true);
    renderWithProviders(<Panel mode="create" onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('信息必须填写')).toBeInTheDocument();
    expect(screen.getByText('请选择')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('treats blank text as empty', async () => {
    renderWithProviders(<Panel mode="create" onSubmit={jest.fn(async () => true)} initialValues={{ LaiYuan: 1 }} />);
    fireEvent.change(screen.getByPlaceholderText('客户名称'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('信息必须填写')).toBeInTheDocument();
  });

  it('offers 保存并继续录入 when creating but not when editing', () => {
    const { unmount } = renderWithProviders(<Panel mode="create" onSubmit={jest.fn(async () => true)} />);
    expect(screen.getByRole('button', { name: '保存并继续录入' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<Panel mode="edit" onSubmit={jest.fn(async () => true)} />);
    expect(screen.queryByRole('button', { name: '保存并继续录入' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '保存' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '关闭' })).toBeInTheDocument();
  });

  it('closes after a successful save', async () => {
    const onSubmit = jest.fn(async () => true);
    const onClose = jest.fn();
    renderWithProviders(<Panel mode="edit" onSubmit={onSubmit} onClose={onClose} initialValues={{ CustomerName: '华信', LaiYuan: 1 }} />);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ CustomerName: '华信', LaiYuan: 1 });
  });

  it('stays open and resets the form after 保存并继续录入', async () => {
    const onSubmit = jest.fn(async () => true);
    const onClose = jest.fn();
    renderWithProviders(<Panel mode="create" onSubmit={onSubmit} onClose={onClose} initialValues={{ LaiYuan: 1 }} />);
    fireEvent.change(screen.getByPlaceholderText('客户名称'), { target: { value: '华信' } });
    fireEvent.click(screen.getByRole('button', { name: '保存并继续录入' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ CustomerName: '华信', LaiYuan: 1 }));
    await waitFor(() => expect(screen.getByPlaceholderText('客户名称')).toHaveValue(''));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('stays open with the input kept when the server refuses the save', async () => {
    const onClose = jest.fn();
    const onSubmit = jest.fn(async () => false);
    renderWithProviders(<Panel mode="create" onSubmit={onSubmit} onClose={onClose} initialValues={{ LaiYuan: 1 }} />);
    fireEvent.change(screen.getByPlaceholderText('客户名称'), { target: { value: '华信' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole('button', { name: '保存' })).not.toBeDisabled());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByPlaceholderText('客户名称')).toHaveValue('华信');
  });
});
