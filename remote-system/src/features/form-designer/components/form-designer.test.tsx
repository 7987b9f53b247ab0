import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { api, ApiError } from '@portal/shared-core';
import { FormDesigner } from './form-designer';

afterEach(() => jest.restoreAllMocks());

// antd builds each component's styles on its first render in a test file; pay that once here, not in
// the first test (the designer uses Card, Input, InputNumber, Select, Switch, Alert and the preview).
beforeAll(() => {
  const { unmount } = renderWithProviders(<FormDesigner kind="custom" id={0} canSave initialPreview />);
  fireEvent.click(screen.getByTestId('palette-select'));
  fireEvent.click(screen.getByTestId('palette-input'));
  unmount();
});

const rowTitles = () => screen.getAllByTestId(/^field-row-/).map((row) => row.textContent ?? '');

function renderNew(onSaved = jest.fn(), preview = false) {
  renderWithProviders(<FormDesigner kind="custom" id={0} canSave onSaved={onSaved} initialPreview={preview} />);
  return onSaved;
}

describe('FormDesigner', () => {
  it('adds a field from the palette, edits its title and previews it live', () => {
    renderNew(jest.fn(), true);
    fireEvent.click(screen.getByTestId('palette-input'));
    expect(rowTitles()).toHaveLength(1);
    expect(rowTitles()[0]).toContain('单行文本');
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '客户名称' } });
    expect(rowTitles()[0]).toContain('客户名称');
    // The preview is the dynamic form engine itself.
    expect(within(screen.getByTestId('form-preview')).getByLabelText('客户名称')).toBeInTheDocument();
    // Only the properties of that type: an input has 最大数量/长度 but no 选项.
    expect(screen.getByLabelText('字段名')).toHaveValue('input1');
    expect(screen.queryByTestId('options-editor')).toBeNull();
  });

  it('reorders by drag and with the arrows, and deletes', () => {
    renderNew();
    fireEvent.click(screen.getByTestId('palette-input'));
    fireEvent.click(screen.getByTestId('palette-number'));
    fireEvent.click(screen.getByTestId('palette-date'));
    expect(rowTitles().map((t) => t.slice(2, 4))).toEqual(['单行', '数字', '日期']);
    // Drag the date row (2) onto the first row.
    const store: Record<string, string> = {};
    const dataTransfer = { setData: (k: string, v: string) => (store[k] = v), getData: (k: string) => store[k] ?? '' };
    fireEvent.dragStart(screen.getByTestId('field-row-2'), { dataTransfer });
    fireEvent.dragOver(screen.getByTestId('field-row-0'), { dataTransfer });
    fireEvent.drop(screen.getByTestId('field-row-0'), { dataTransfer });
    expect(rowTitles()[0]).toContain('日期');
    expect(rowTitles()[1]).toContain('单行文本');
    fireEvent.click(screen.getByLabelText('下移日期'));
    expect(rowTitles()[1]).toContain('日期');
    fireEvent.click(screen.getByLabelText('删除日期'));
    expect(rowTitles()).toHaveLength(2);
    expect(rowTitles().join()).not.toContain('日期');
  });

  it('adds a control dragged from the palette where it is dropped', () => {
    renderNew();
    fireEvent.click(screen.getByTestId('palette-input'));
    const store: Record<string, string> = {};
    const dataTransfer = { setData: (k: string, v: string) => (store[k] = v), getData: (k: string) => store[k] ?? '' };
    fireEvent.dragStart(screen.getByTestId('palette-select'), { dataTransfer });
    fireEvent.drop(screen.getByTestId('field-row-0'), { dataTransfer });
    expect(rowTitles()[0]).toContain('下拉选择');
    // A select shows its options editor.
    expect(screen.getByTestId('options-editor')).toBeInTheDocument();
  });

  it('a linkage rule set in the property panel is applied live in the preview', async () => {
    renderNew(jest.fn(), true);
    fireEvent.click(screen.getByTestId('palette-input'));
    fireEvent.click(screen.getByTestId('palette-textarea'));
    // 多行文本 is selected: show it only while 单行文本 is 其他.
    fireEvent.click(screen.getByText('添加联动'));
    fireEvent.change(screen.getByLabelText('联动1条件值'), { target: { value: '其他' } });
    const preview = within(screen.getByTestId('form-preview'));
    expect(preview.queryByLabelText('多行文本')).toBeNull();
    fireEvent.change(preview.getByLabelText('单行文本'), { target: { value: '其他' } });
    expect(await preview.findByLabelText('多行文本')).toBeInTheDocument();
    expect(rowTitles()[1]).toContain('联动');
  });

  it('saves settings and fields in one call, and shows a refusal on the field it names', async () => {
    const command = jest.spyOn(api, 'command').mockRejectedValueOnce(
      new ApiError('server', '字段“金额”的字段名“2x”不正确：只能用字母、数字和下划线，且不能以数字开头', {
        reply: { result: 'error', msg: '字段“金额”的字段名“2x”不正确：只能用字母、数字和下划线，且不能以数字开头' },
      }),
    );
    const onSaved = renderNew();
    fireEvent.change(screen.getByLabelText('表单名称'), { target: { value: '拜访记录' } });
    fireEvent.change(screen.getByLabelText('表单标识'), { target: { value: 'visit' } });
    fireEvent.click(screen.getByTestId('palette-number'));
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '金额' } });
    fireEvent.click(screen.getByTestId('palette-input'));
    // The input is selected now; the error must bring the number field back.
    await act(async () => {
      fireEvent.click(screen.getByText('保 存'));
    });
    await waitFor(() => expect(screen.getByTestId('field-error')).toHaveTextContent('字段名“2x”不正确'));
    expect(screen.getByLabelText('标题')).toHaveValue('金额');
    const [url, body] = command.mock.calls[0] as [string, Record<string, unknown>];
    expect(url).toBe('api/form/add');
    expect(body).toMatchObject({ mode: 'visit', title: '拜访记录', cols: 2, labelwidth: 100, labelposition: 'right' });
    const items = JSON.parse(body.items as string) as { json: { type: string; title: string; field: string } }[];
    expect(items.map((i) => [i.json.type, i.json.title])).toEqual([
      ['number', '金额'],
      ['input', '单行文本'],
    ]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('hands the new form’s id to onSaved after a successful save', async () => {
    const command = jest.spyOn(api, 'command').mockResolvedValueOnce({ result: 'success', msg: '保存成功', data: { id: 42 } });
    const onSaved = renderNew();
    fireEvent.change(screen.getByLabelText('表单标识'), { target: { value: 'visit' } });
    fireEvent.click(screen.getByTestId('palette-input'));
    await act(async () => {
      fireEvent.click(screen.getByText('保 存'));
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(42, 'visit'));
    expect(command).toHaveBeenCalledWith('api/form/add', expect.objectContaining({ mode: 'visit' }), { silent: true });
    expect(screen.queryByTestId('field-error')).toBeNull();
  });

  it('opens a stored work form and saves it through api/workform/Edit with the field ids', async () => {
    const fetch = jest.spyOn(api, 'fetch').mockResolvedValue({
      id: 5,
      mode: 'leave',
      title: '请假申请',
      category: '行政',
      cols: 2,
      labelwidth: 100,
      labelposition: 'right',
      labelbg: '',
      is_workflow: 1,
      is_builtin: 0,
      api_add: 'api/WorkFlow/Approval',
      api_edit: '',
      api_detail: '',
      items: [
        { id: 11, json: '{"type":"number","field":"days","title":"请假天数","required":true}', status: 1, isshow: 1 },
        { id: 12, json: '{"type":"textarea","field":"reason","title":"请假事由"}', status: 1, isshow: 0 },
      ],
    });
    const command = jest.spyOn(api, 'command').mockResolvedValue({ result: 'success', msg: '保存成功', data: { id: 5 } });
    renderWithProviders(<FormDesigner kind="work" id={5} canSave initialPreview={false} />);
    expect(await screen.findByText('请假事由')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('api/workform/detail', { id: 5 });
    expect(screen.getByLabelText('表单标识')).toBeDisabled();
    expect(rowTitles()[1]).toContain('录入隐藏');
    fireEvent.click(screen.getByLabelText('上移请假事由'));
    await act(async () => {
      fireEvent.click(screen.getByText('保 存'));
    });
    const [url, body] = command.mock.calls[0] as [string, Record<string, unknown>];
    expect(url).toBe('api/workform/Edit');
    expect(body).toMatchObject({ id: 5, title: '请假申请' });
    expect((JSON.parse(body.items as string) as { id: number; isshow: number }[]).map((i) => [i.id, i.isshow])).toEqual([
      [12, 0],
      [11, 1],
    ]);
  });
});
