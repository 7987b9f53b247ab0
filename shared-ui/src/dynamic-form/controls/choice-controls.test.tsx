import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { api, MESSAGES } from '@portal/shared-core';
import { pickOption, renderDynamicForm } from '../testing/render-dynamic-form';

const colours = [
  { label: '红', value: 1 },
  { label: '绿', value: 2 },
  { label: '蓝', value: 3 },
];

afterEach(() => jest.restoreAllMocks());

describe('choice controls', () => {
  it('select: 请选择 when required; one option value, or several comma-joined', async () => {
    const { validate } = renderDynamicForm([
      { type: 'select', field: 'one', title: '颜色', options: colours, required: true },
      { type: 'select', field: 'many', title: '多色', options: colours, multiple: true },
    ]);
    expect((await validate()).errors).toEqual([MESSAGES.selectRequired]);
    await pickOption('颜色', '绿');
    await pickOption('多色', '红');
    await pickOption('多色', '蓝');
    expect((await validate()).values).toEqual({ one: 2, many: '1,3' });
  });

  it('select: a stored "2" shows the option 2', () => {
    renderDynamicForm([{ type: 'select', field: 'one', title: '颜色', options: colours }], { initialValues: { one: '2' } });
    expect(screen.getByTitle('绿')).toBeInTheDocument();
  });

  it('radio: one of the options', async () => {
    const { validate } = renderDynamicForm([
      {
        type: 'radio',
        field: 'sex',
        title: '性别',
        required: true,
        options: [
          { label: '男', value: 'm' },
          { label: '女', value: 'f' },
        ],
      },
    ]);
    expect((await validate()).errors).toEqual([MESSAGES.selectRequired]);
    fireEvent.click(screen.getByLabelText('女'));
    expect((await validate()).values).toEqual({ sex: 'f' });
  });

  it('tags: toggled by clicks, held comma-joined in option order', async () => {
    const { validate } = renderDynamicForm([
      {
        type: 'tags',
        field: 'tags',
        title: '标签',
        options: [
          { label: '重要', value: 'a' },
          { label: '紧急', value: 'b' },
          { label: '跟进', value: 'c' },
        ],
      },
    ]);
    fireEvent.click(screen.getByText('跟进'));
    fireEvent.click(screen.getByText('重要'));
    fireEvent.click(screen.getByText('紧急'));
    fireEvent.click(screen.getByText('紧急'));
    expect((await validate()).values).toEqual({ tags: 'a,c' });
  });

  it("switch: the field's active / inactive values", async () => {
    const { validate } = renderDynamicForm([{ type: 'switch', field: 'on', title: '启用', active: 'yes', inactive: 'no' }], { initialValues: { on: 'no' } });
    const toggle = screen.getByRole('switch');
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    expect((await validate()).values).toEqual({ on: 'yes' });
    fireEvent.click(toggle);
    expect((await validate()).values).toEqual({ on: 'no' });
  });

  it('statusSelect: options from GET api/Status/json with the types param', async () => {
    const get = jest.spyOn(api, 'get').mockResolvedValue([
      { id: 4, name: '意向客户' },
      { id: 5, name: '成交客户' },
    ]);
    const { validate } = renderDynamicForm([{ type: 'statusSelect', field: 'status', title: '状态', params: '{"types":"kehu"}', required: true }]);
    await waitFor(() => expect(get).toHaveBeenCalledWith('api/Status/json', { types: 'kehu' }, { silent: true }));
    expect((await validate()).errors).toEqual([MESSAGES.selectRequired]);
    await pickOption('状态', '成交客户');
    expect((await validate()).values).toEqual({ status: 5 });
  });

  it('statusSelect: uses its own options without asking the server', async () => {
    const get = jest.spyOn(api, 'get');
    renderDynamicForm([{ type: 'statusSelect', field: 'status', title: '状态', options: colours }]);
    await pickOption('状态', '蓝');
    expect(get).not.toHaveBeenCalled();
  });

  it('jcselect: loads from url with params, unwraps loadFilter, keeps the text in field2', async () => {
    const post = jest.spyOn(api, 'post').mockResolvedValue({ result: 'success', data: { list: [{ uid: 8, title: '华东区' }] } });
    const { validate } = renderDynamicForm([
      {
        type: 'jcselect',
        field: 'area',
        field2: 'areaName',
        title: '区域',
        url: 'api/area/list',
        params: '{"kind":2}',
        loadFilter: 'data.list',
        optionText: 'title',
        optionValue: 'uid',
        required: true,
      },
    ]);
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/area/list', { kind: 2 }, { silent: true }));
    expect((await validate()).errors).toEqual([MESSAGES.selectRequired]);
    await pickOption('区域', '华东区');
    expect((await validate()).values).toEqual({ area: 8, areaName: '华东区' });
  });

  it('jcselect: without a url lists contracts (orderSn) from api/contract/index', async () => {
    const post = jest.spyOn(api, 'post').mockResolvedValue({ rows: [{ id: 3, orderSn: 'HT-003' }], total: 1 });
    const { validate } = renderDynamicForm([{ type: 'jcselect', field: 'contract', title: '合同' }]);
    await waitFor(() => expect(post).toHaveBeenCalledWith('api/contract/index', { dataType: 'all' }, { silent: true }));
    await pickOption('合同', 'HT-003');
    expect((await validate()).values).toEqual({ contract: 3 });
  });

  it('jcselect: remote search sends the typed key', async () => {
    jest.useFakeTimers();
    try {
      const post = jest.spyOn(api, 'post').mockResolvedValue({ rows: [] });
      renderDynamicForm([{ type: 'jcselect', field: 'c', title: '合同', remote: true }]);
      const box = screen.getByRole('combobox', { name: '合同' });
      fireEvent.mouseDown(box);
      fireEvent.change(box, { target: { value: 'HT' } });
      await act(async () => {
        jest.advanceTimersByTime(400);
      });
      expect(post).toHaveBeenLastCalledWith('api/contract/index', { dataType: 'all', key: 'HT' }, { silent: true });
    } finally {
      jest.useRealTimers();
    }
  });

  it('jcselect: "+" adds an option by hand when onHand', async () => {
    jest.spyOn(api, 'post').mockResolvedValue({ rows: [] });
    const { validate } = renderDynamicForm([{ type: 'jcselect', field: 'src', title: '来源', url: 'api/x', onHand: true }]);
    fireEvent.click(screen.getByRole('button', { name: '添加选项' }));
    fireEvent.change(await screen.findByRole('textbox', { name: '添加选项' }), { target: { value: '展会' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect((await validate()).values).toEqual({ src: '展会' });
    expect(screen.getByTitle('展会')).toBeInTheDocument();
  });
});
