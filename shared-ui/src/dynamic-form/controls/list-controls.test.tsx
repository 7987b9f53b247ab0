import { fireEvent, screen } from '@testing-library/react';
import { MESSAGES } from '@portal/shared-core';
import { renderDynamicForm } from '../testing/render-dynamic-form';

describe('list controls', () => {
  it('property: label/value rows added, edited and removed', async () => {
    const { validate } = renderDynamicForm([{ type: 'property', field: 'props', title: '属性', required: true }]);
    expect((await validate()).errors).toEqual([MESSAGES.required]);
    fireEvent.click(screen.getByRole('button', { name: /添\s*加/ }));
    fireEvent.click(screen.getByRole('button', { name: /添\s*加/ }));
    fireEvent.change(screen.getByLabelText('属性名称1'), { target: { value: '颜色' } });
    fireEvent.change(screen.getByLabelText('属性值1'), { target: { value: '红' } });
    fireEvent.change(screen.getByLabelText('属性名称2'), { target: { value: '尺寸' } });
    fireEvent.click(screen.getByRole('button', { name: '删除属性2' }));
    expect((await validate()).values).toEqual({ props: [{ label: '颜色', value: '红' }] });
  });

  it('tablelist: rows of riqi and ext', async () => {
    const { validate } = renderDynamicForm([{ type: 'tablelist', field: 'plan', title: '计划' }], {
      initialValues: { plan: [{ riqi: '2024-05-01', ext: '首付' }] },
    });
    expect(screen.getByLabelText('计划日期1')).toHaveValue('2024-05-01');
    fireEvent.click(screen.getByRole('button', { name: /添\s*加/ }));
    const riqi = screen.getByLabelText('计划日期2');
    fireEvent.mouseDown(riqi);
    fireEvent.focus(riqi);
    fireEvent.change(riqi, { target: { value: '2024-06-01' } });
    fireEvent.keyDown(riqi, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.change(screen.getByLabelText('计划内容2'), { target: { value: '尾款' } });
    expect((await validate()).values).toEqual({
      plan: [
        { riqi: '2024-05-01', ext: '首付' },
        { riqi: '2024-06-01', ext: '尾款' },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: '删除计划1' }));
    expect((await validate()).values).toEqual({ plan: [{ riqi: '2024-06-01', ext: '尾款' }] });
  });
});
