import { fireEvent, render, screen } from '@testing-library/react';
import { LevelDaysField, levelDaysPayload } from './level-days-field';

const levels = [
  { value: 'A', name: 'A' },
  { value: 'B', name: 'B' },
];

it('edits one level’s days, blank meaning the general rule', () => {
  const onChange = jest.fn();
  render(<LevelDaysField levels={levels} generalDays={30} value={{ A: 60 }} onChange={onChange} />);
  const a = screen.getByLabelText('客户级别A未跟进回收天数');
  const b = screen.getByLabelText('客户级别B未跟进回收天数');
  expect(a).toHaveValue('60');
  expect(b).toHaveAttribute('placeholder', '通用30');
  fireEvent.change(b, { target: { value: '45' } });
  expect(onChange).toHaveBeenLastCalledWith({ A: 60, B: 45 });
  fireEvent.change(a, { target: { value: '' } });
  expect(onChange).toHaveBeenLastCalledWith({});
});

it('sends only the filled levels', () => {
  expect(levelDaysPayload({ A: 60, B: undefined as unknown as number })).toBe('{"A":60}');
  expect(levelDaysPayload(undefined)).toBe('{}');
});
