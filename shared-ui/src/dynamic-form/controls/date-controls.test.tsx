import { fireEvent, screen } from '@testing-library/react';
import { MESSAGES } from '@portal/shared-core';
import { renderDynamicForm } from '../testing/render-dynamic-form';

/** Types a date into an antd picker and confirms it with Enter. */
function typeDate(input: HTMLElement, text: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('date controls', () => {
  it("date: 请选择 when required; held as 'YYYY-MM-DD'", async () => {
    const { validate } = renderDynamicForm([{ type: 'date', field: 'day', title: '日期', required: true }]);
    expect((await validate()).errors).toEqual([MESSAGES.selectRequired]);
    typeDate(screen.getByLabelText('日期'), '2024-05-01');
    expect((await validate()).values).toEqual({ day: '2024-05-01' });
  });

  it("datetime: held as 'YYYY-MM-DD HH:mm' and shown so", async () => {
    const { validate } = renderDynamicForm([{ type: 'datetime', field: 'at', title: '时间' }], { initialValues: { at: '2024-05-01 09:30' } });
    expect(screen.getByLabelText('时间')).toHaveValue('2024-05-01 09:30');
    expect((await validate()).values).toEqual({ at: '2024-05-01 09:30' });
  });

  it('daterange: shown YYYY/MM/DD, held from 00:00:00 to 23:59:59', async () => {
    const { validate } = renderDynamicForm([{ type: 'daterange', field: 'span', title: '周期', required: true }]);
    expect((await validate()).errors).toEqual([MESSAGES.selectRequired]);
    const [start, end] = screen.getAllByRole('textbox');
    typeDate(start, '2024/05/01');
    typeDate(end, '2024/05/31');
    expect((await validate()).values).toEqual({ span: ['2024/05/01 00:00:00', '2024/05/31 23:59:59'] });
    expect(start).toHaveValue('2024/05/01');
  });
});
