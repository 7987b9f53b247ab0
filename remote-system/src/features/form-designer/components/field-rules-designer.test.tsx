/**
 * The designer declares the rules between fields (issue #31): a date's 开始字段 (the end may not be
 * earlier: 结束日期不能早于开始日期) and a 明细表格's 金额合计字段 (each row gets a 金额, adding up to
 * that number field). Both apply live in the preview and are saved with the field.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api } from '@portal/shared-core';
import { FormDesigner } from './form-designer';

afterEach(() => jest.restoreAllMocks());

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const options = await screen.findAllByTitle(option);
  await act(async () => {
    fireEvent.click(options[options.length - 1]);
  });
}

it('a date’s 开始字段 and a 明细表格’s 金额合计字段 are offered from the form’s fields and saved', async () => {
  const command = jest.spyOn(api, 'command').mockResolvedValue({ result: 'success', msg: '保存成功', data: { id: 42 } });
  renderWithProviders(<FormDesigner kind="custom" id={0} canSave initialPreview />);
  fireEvent.change(screen.getByLabelText('表单标识'), { target: { value: 'trip' } });
  fireEvent.click(screen.getByTestId('palette-date'));
  fireEvent.change(screen.getByLabelText('标题'), { target: { value: '开始日期' } });
  fireEvent.click(screen.getByTestId('palette-date'));
  fireEvent.change(screen.getByLabelText('标题'), { target: { value: '结束日期' } });
  await choose('开始字段（不能早于）', '开始日期');
  fireEvent.click(screen.getByTestId('palette-number'));
  fireEvent.change(screen.getByLabelText('标题'), { target: { value: '合计金额' } });
  fireEvent.click(screen.getByTestId('palette-tablelist'));
  await choose('金额合计字段', '合计金额');
  // The preview's 明细表格 has a 金额 per row now.
  const preview = within(screen.getByTestId('form-preview'));
  fireEvent.click(preview.getByRole('button', { name: /添\s*加/ }));
  expect(preview.getByLabelText('明细表格金额1')).toBeInTheDocument();

  await act(async () => {
    fireEvent.click(screen.getByText('保 存'));
  });
  await waitFor(() => expect(command).toHaveBeenCalled());
  const items = JSON.parse((command.mock.calls[0][1] as { items: string }).items) as { json: Record<string, unknown> }[];
  const [start, end, , lines] = items.map((i) => i.json);
  expect(end).toMatchObject({ title: '结束日期', notBefore: start.field });
  expect(lines).toMatchObject({ type: 'tablelist', totalField: items[2].json.field });
});
