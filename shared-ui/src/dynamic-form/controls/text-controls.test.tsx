import { act, fireEvent, screen } from '@testing-library/react';
import { MESSAGES, TEXT_MAX, useSessionStore } from '@portal/shared-core';
import { renderDynamicForm } from '../testing/render-dynamic-form';

describe('text controls', () => {
  it('input: keeps the text, says 信息必须填写 when required and empty, caps 300 characters', async () => {
    const { validate } = renderDynamicForm([{ type: 'input', field: 'name', title: '名称', required: true }]);
    expect((await validate()).errors).toEqual([MESSAGES.required]);
    const input = screen.getByLabelText('名称');
    expect(input).toHaveAttribute('maxlength', String(TEXT_MAX));
    fireEvent.change(input, { target: { value: '华信科技' } });
    expect(await validate()).toEqual({ values: { name: '华信科技' }, errors: [] });
  });

  it('textarea: rows from the field, a running count and the 300 limit', async () => {
    const { validate } = renderDynamicForm([{ type: 'textarea', field: 'note', title: '备注', rows: 5, required: true, message: '请填写备注' }]);
    expect((await validate()).errors).toEqual(['请填写备注']);
    const area = screen.getByLabelText('备注');
    expect(area).toHaveAttribute('rows', '5');
    expect(area).toHaveAttribute('maxlength', String(TEXT_MAX));
    fireEvent.change(area, { target: { value: '两行\n文本' } });
    expect(screen.getByText(`5 / ${TEXT_MAX}`)).toBeInTheDocument();
    expect((await validate()).values).toEqual({ note: '两行\n文本' });
  });

  it('number: holds a number', async () => {
    const { validate } = renderDynamicForm([{ type: 'number', field: 'qty', title: '数量', required: true }]);
    expect((await validate()).errors).toEqual([MESSAGES.required]);
    const input = screen.getByLabelText('数量');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '12.5' } });
    fireEvent.blur(input);
    expect(await validate()).toEqual({ values: { qty: 12.5 }, errors: [] });
  });

  it('ColorPicker: shows the stored hex colour and requires one', async () => {
    const empty = renderDynamicForm([{ type: 'ColorPicker', field: 'color', title: '颜色', required: true }]);
    expect((await empty.validate()).errors).toEqual([MESSAGES.required]);
    empty.unmount();
    const { validate } = renderDynamicForm([{ type: 'ColorPicker', field: 'color', title: '颜色' }], { initialValues: { color: '#1677ff' } });
    expect(screen.getByText('#1677FF')).toBeInTheDocument();
    expect((await validate()).values).toEqual({ color: '#1677ff' });
  });

  it('userinfo: shows the current user by name and holds the UserID', async () => {
    act(() => useSessionStore.setState({ user: { UserID: 7, NickName: '王经理', header: '', ShopID: 1 } }));
    const { validate } = renderDynamicForm([{ type: 'userinfo', field: 'creator', title: '录入人', field2: 'creatorName' }], {
      initialValues: { creator: 7 },
    });
    expect(screen.getByLabelText('录入人')).toHaveValue('王经理');
    expect((await validate()).values).toMatchObject({ creator: 7 });
  });

  it('divider: the title as a section line, holding no value', async () => {
    const { validate } = renderDynamicForm([
      { type: 'divider', field: '', title: '基本信息' },
      { type: 'input', field: 'name', title: '名称' },
    ]);
    expect(screen.getByText('基本信息').closest('.ant-divider')).not.toBeNull();
    expect((await validate()).values).toEqual({ name: undefined });
  });
});
