import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';
import { api, MESSAGES } from '@portal/shared-core';
import { CC_LABEL, DynamicFormPanel } from './dynamic-form-panel';
import { definitionOf } from './testing/render-dynamic-form';
import type { FormDefinition } from './types';

const definition: FormDefinition = {
  ...definitionOf([
    { type: 'input', field: 'name', title: '名称', required: true },
    { type: 'property', field: 'props', title: '属性' },
  ]),
  title: '示例表单',
};

function renderPanel(props: Partial<Parameters<typeof DynamicFormPanel>[0]> = {}) {
  const onClose = jest.fn();
  renderWithProviders(<DynamicFormPanel open module="fieldDemo" id="0" onClose={onClose} {...props} />);
  return { onClose };
}

afterEach(() => jest.restoreAllMocks());

describe('DynamicFormPanel', () => {
  it('loads the definition by form key, creates through api_add; 保存并继续录入 resets and keeps it open', async () => {
    const fetch = jest.spyOn(api, 'fetch').mockResolvedValue(definition);
    const command = jest.spyOn(api, 'command').mockResolvedValue({ result: 'success', msg: '保存成功', data: { id: 5 } });
    const { onClose } = renderPanel();
    const name = await screen.findByLabelText('名称');
    expect(fetch).toHaveBeenCalledWith('/Api/formField/index/', { mode: 'fieldDemo', isshow: 1 }, { silent: true });
    expect(screen.getByText('新建示例表单')).toBeInTheDocument();

    fireEvent.change(name, { target: { value: '第一条' } });
    fireEvent.click(screen.getByRole('button', { name: '保存并继续录入' }));
    await waitFor(() => expect(command).toHaveBeenCalledTimes(1));
    const [url, payload] = command.mock.calls[0] as [string, Record<string, string>];
    expect(url).toBe('api/module/add');
    expect(payload).toMatchObject({ module: 'fieldDemo' });
    expect(payload.code).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(JSON.parse(payload.data)).toEqual({ name: '第一条', props: '' });
    await waitFor(() => expect(screen.getByLabelText('名称')).toHaveValue(''));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('保存 closes the panel, and the next record gets a code of its own; CC is offered when creating', async () => {
    jest.spyOn(api, 'fetch').mockResolvedValue(definition);
    const command = jest.spyOn(api, 'command').mockResolvedValue({ result: 'success', msg: '保存成功' });
    const { onClose } = renderPanel({ withCc: true });
    const name = await screen.findByLabelText('名称');
    expect(screen.getByText(CC_LABEL)).toBeInTheDocument();
    fireEvent.change(name, { target: { value: '第一条' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(command).toHaveBeenCalledTimes(2));
    const codes = command.mock.calls.map((call) => (call[1] as { code: string }).code);
    expect(codes[0]).not.toBe(codes[1]);
  });

  it('edits: loads api_detail, saves api_edit with the id, without 保存并继续录入 or CC', async () => {
    const fetch = jest
      .spyOn(api, 'fetch')
      .mockImplementation(async (url) => (url === 'api/module/detail' ? { name: '旧名称', props: '[{"label":"颜色","value":"红"}]' } : definition));
    const command = jest.spyOn(api, 'command').mockResolvedValue({ result: 'success', msg: '保存成功' });
    renderPanel({ id: '12', withCc: true });
    await waitFor(() => expect(screen.getByLabelText('名称')).toHaveValue('旧名称'));
    expect(fetch).toHaveBeenCalledWith('api/module/detail', { id: '12', module: 'fieldDemo' });
    expect(screen.getByLabelText('属性名称1')).toHaveValue('颜色');
    expect(screen.queryByRole('button', { name: '保存并继续录入' })).not.toBeInTheDocument();
    expect(screen.queryByText(CC_LABEL)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(command).toHaveBeenCalled());
    const [url, payload] = command.mock.calls[0] as [string, Record<string, string>];
    expect(url).toBe('api/module/Edit');
    expect(payload).toMatchObject({ id: '12', module: 'fieldDemo' });
    expect(JSON.parse(payload.data)).toEqual({ name: '旧名称', props: '[{"label":"颜色","value":"红"}]' });
  });

  it('starts from a customer: copies the fields the customer details share', async () => {
    const withCustomer = definitionOf([
      { type: 'input', field: 'CustomerName', title: '客户名称' },
      { type: 'customer', field: 'customerId', field2: 'customerName', title: '客户' },
    ]);
    const fetch = jest
      .spyOn(api, 'fetch')
      .mockImplementation(async (url) => (url === 'api/customer/Views' ? { id: 9, CustomerName: '华信科技' } : withCustomer));
    const command = jest.spyOn(api, 'command').mockResolvedValue({ result: 'success', msg: '保存成功' });
    renderPanel({ customerId: 9 });
    await waitFor(() => expect(screen.getByLabelText('客户名称')).toHaveValue('华信科技'));
    expect(fetch).toHaveBeenCalledWith('api/customer/Views', { id: 9 });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(command).toHaveBeenCalled());
    const payload = command.mock.calls[0][1] as Record<string, string>;
    expect(payload.customerId).toBe(9);
    expect(JSON.parse(payload.data)).toMatchObject({ CustomerName: '华信科技', customerId: 9, customerName: '华信科技' });
  });

  it('says 获取自定义失败 when the definition cannot be loaded', async () => {
    jest.spyOn(api, 'fetch').mockRejectedValue(new Error('offline'));
    renderPanel();
    expect(await screen.findAllByText(MESSAGES.customFieldsFailed)).not.toHaveLength(0);
  });
});
