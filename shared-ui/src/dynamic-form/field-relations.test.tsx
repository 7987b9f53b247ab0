/**
 * Rules between fields (issue #31), as the server checks them (record-validation.ts
 * checkFieldRelations): an end not earlier than its start (`notBefore`), and 明细 rows with a 金额
 * each adding up to a total field (`totalField`) — the 费用报销 form read a line's 内容 as its amount
 * and had no 金额 box at all.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';
import { DynamicDetailView } from './dynamic-detail-view';
import { definitionOf, renderDynamicForm } from './testing/render-dynamic-form';
import type { FieldDefinition } from './types';

const LEAVE: FieldDefinition[] = [
  { type: 'date', field: 'startDate', title: '开始日期', required: true },
  { type: 'date', field: 'endDate', title: '结束日期', required: true, notBefore: 'startDate' },
];

describe('an end with notBefore', () => {
  it('is refused before its start, naming both; the same day is accepted', async () => {
    const { validate, form } = renderDynamicForm(LEAVE, { initialValues: { startDate: '2026-12-10', endDate: '2026-12-08' } });
    expect((await validate()).errors).toEqual(['结束日期不能早于开始日期']);
    act(() => form.setFieldValue('endDate', '2026-12-10'));
    expect((await validate()).values).toEqual({ startDate: '2026-12-10', endDate: '2026-12-10' });
  });

  it('compares date-times to the minute and a day against a date-time by day', async () => {
    const fields: FieldDefinition[] = [
      { type: 'datetime', field: 'startTime', title: '开始时间' },
      { type: 'datetime', field: 'endTime', title: '结束时间', notBefore: 'startTime' },
      { type: 'date', field: 'dueDay', title: '截止日期', notBefore: 'startTime' },
    ];
    const { validate } = renderDynamicForm(fields, { initialValues: { startTime: '2026-12-10 09:00', endTime: '2026-12-10 08:59', dueDay: '2026-12-10' } });
    expect((await validate()).errors).toEqual(['结束时间不能早于开始时间']);
  });

  it('is checked again when the start changes', async () => {
    const { validate, form } = renderDynamicForm(LEAVE, { initialValues: { startDate: '2026-12-01', endDate: '2026-12-08' } });
    expect((await validate()).errors).toEqual([]);
    act(() => form.setFieldValue('startDate', '2026-12-09'));
    expect((await validate()).errors).toEqual(['结束日期不能早于开始日期']);
  });

  it('offers no day before the start in its picker', async () => {
    // The end's own day opens the panel on the start's month.
    renderDynamicForm(LEAVE, { initialValues: { startDate: '2026-12-10', endDate: '2026-12-20' } });
    const end = document.getElementById('endDate') as HTMLInputElement;
    await act(async () => {
      fireEvent.mouseDown(end);
      fireEvent.focus(end);
      fireEvent.click(end);
    });
    const cell = (day: string) => document.querySelector(`.ant-picker-dropdown td[title="${day}"]`);
    expect(cell('2026-12-09')).toHaveClass('ant-picker-cell-disabled');
    expect(cell('2026-12-10')).not.toHaveClass('ant-picker-cell-disabled');
  });
});

describe('费用明细 with a total (totalField)', () => {
  const EXPENSE: FieldDefinition[] = [
    { type: 'number', field: 'Money', title: '报销金额', required: true },
    { type: 'tablelist', field: 'items', title: '费用明细', totalField: 'Money' },
  ];

  it('has a 金额 box per row: 内容 stays text, the amount goes to amount', async () => {
    const { validate } = renderDynamicForm(EXPENSE, { initialValues: { Money: 1200 } });
    fireEvent.click(screen.getByRole('button', { name: /添\s*加/ }));
    fireEvent.change(screen.getByLabelText('费用明细内容1'), { target: { value: '高铁票 上海往返' } });
    fireEvent.change(screen.getByLabelText('费用明细金额1'), { target: { value: '1200' } });
    expect((await validate()).values).toEqual({ Money: 1200, items: [{ riqi: '', ext: '高铁票 上海往返', amount: '1200' }] });
    expect(screen.getByText('合计：1200.00 元')).toBeInTheDocument();
  });

  it('a line just added is not red before the user has typed or saved; saving still refuses it', async () => {
    const { validate } = renderDynamicForm(EXPENSE, { initialValues: { Money: 1200 } });
    fireEvent.click(screen.getByRole('button', { name: /添\s*加/ }));
    // antd validates a changed field at once (onChange); wait past its validation before looking.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(screen.queryByText('第1行请填写金额')).toBeNull();
    expect((await validate()).errors).toEqual(['第1行请填写金额']);
  });

  it('refuses a row without a 金额 and a total its rows do not add up to', async () => {
    const { validate, form } = renderDynamicForm(EXPENSE, {
      initialValues: {
        Money: 9000,
        items: [
          { riqi: '', ext: '打车', amount: '100' },
          { riqi: '', ext: '午餐' },
        ],
      },
    });
    expect((await validate()).errors).toEqual(['第2行请填写金额']);
    fireEvent.change(screen.getByLabelText('费用明细金额2'), { target: { value: '200' } });
    expect((await validate()).errors).toEqual(['报销金额（9000.00元）与费用明细合计（300.00元）不一致']);
    act(() => form.setFieldValue('Money', 300));
    expect((await validate()).errors).toEqual([]);
  });

  it('a stored claim opens with its amounts in the 金额 boxes and its content in 内容, and an edited amount is kept', async () => {
    const { validate } = renderDynamicForm(EXPENSE, {
      initialValues: { Money: 5600, items: [{ riqi: '2026-11-19', ext: '培训费发票', amount: '5600.00', category: '培训费' }] },
      mode: 'edit',
    });
    const row = screen.getByLabelText('费用明细内容1');
    expect(row).toHaveValue('培训费发票');
    expect(screen.getByLabelText('费用明细金额1')).toHaveValue('5600.00');
    fireEvent.change(screen.getByLabelText('费用明细金额1'), { target: { value: '4600' } });
    expect((await validate()).errors).toEqual(['报销金额（5600.00元）与费用明细合计（4600.00元）不一致']);
    const money = document.getElementById('Money') as HTMLInputElement;
    fireEvent.change(money, { target: { value: '4600' } });
    expect((await validate()).values).toMatchObject({ Money: 4600, items: [{ ext: '培训费发票', amount: '4600', category: '培训费' }] });
    expect(within(row.closest('.ant-form-item') as HTMLElement).getByText('合计：4600.00 元')).toBeInTheDocument();
  });

  it('the detail view (the approval panel’s form) shows each line’s 内容 and 金额', () => {
    renderWithProviders(
      <DynamicDetailView
        module="baoxiao"
        definition={definitionOf(EXPENSE)}
        values={{ Money: '1200.00', items: [{ riqi: '2026-11-18', ext: '高铁票 上海往返', amount: '1200.00' }] }}
      />,
    );
    expect(screen.getByText('2026-11-18 高铁票 上海往返 1200.00元')).toBeInTheDocument();
  });

  it('without a total a tablelist keeps its two columns', () => {
    renderDynamicForm([{ type: 'tablelist', field: 'plan', title: '计划' }], { initialValues: { plan: [{ riqi: '', ext: '首付' }] } });
    expect(screen.queryByLabelText('计划金额1')).toBeNull();
  });
});
