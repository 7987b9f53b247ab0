import { act, fireEvent, screen } from '@testing-library/react';
import { api } from '@portal/shared-core';
import { renderWithProviders } from '../../test/render-with-providers';
import * as printHelper from './print-area';
import { MSG_NO_PRINT_TEMPLATE, PrintRecordButton } from './print-record-button';

afterEach(() => jest.restoreAllMocks());

// The first render of the button and its menu in this file: a one-time cost, paid here rather than by the first test.
beforeAll(() => {
  const { unmount } = renderWithProviders(<PrintRecordButton module="baoxiao" title="报销" values={{}} />);
  unmount();
});

const values = { title: '客户拜访', Money: '6000.00' };

it('prints the one enabled template of the record type, filled with the record', async () => {
  const list = jest.spyOn(api, 'list').mockResolvedValue({ rows: [{ id: 7, name: '费用报销单' }], total: 1 });
  jest.spyOn(api, 'fetch').mockResolvedValue({ content: '<p>事由：{{title}}</p><p>金额：{{Money}}</p>' });
  let printed = '';
  jest.spyOn(printHelper, 'printArea').mockImplementation(async (el) => {
    printed = el.textContent ?? '';
  });
  renderWithProviders(<PrintRecordButton module="baoxiao" title="报销" values={values} />);
  await act(async () => fireEvent.click(screen.getByText('打印')));
  expect(list).toHaveBeenCalledWith('api/printTemp/index', expect.objectContaining({ module: 'baoxiao', status: '1' }));
  expect(api.fetch).toHaveBeenCalledWith('api/printTemp/detail', { id: 7 });
  expect(printed).toBe('事由：客户拜访金额：6000.00');
  expect(document.querySelector('.print-sheet')).toBeNull();
});

it('says where to add a template when none is enabled', async () => {
  jest.spyOn(api, 'list').mockResolvedValue({ rows: [], total: 0 });
  const print = jest.spyOn(printHelper, 'printArea');
  renderWithProviders(<PrintRecordButton module="baoxiao" title="报销" values={values} />);
  await act(async () => fireEvent.click(screen.getByText('打印')));
  expect(await screen.findByText(MSG_NO_PRINT_TEMPLATE)).toBeInTheDocument();
  expect(print).not.toHaveBeenCalled();
});

it('offers the names when several are enabled and prints the chosen one', async () => {
  jest.spyOn(api, 'list').mockResolvedValue({
    rows: [
      { id: 1, name: '简版' },
      { id: 2, name: '详版' },
    ],
    total: 2,
  });
  jest.spyOn(api, 'fetch').mockResolvedValue({ content: '<p>{{title}}</p>' });
  const print = jest.spyOn(printHelper, 'printArea').mockResolvedValue(undefined);
  renderWithProviders(<PrintRecordButton module="baoxiao" title="报销" values={values} />);
  await act(async () => fireEvent.click(screen.getByText('打印')));
  await act(async () => fireEvent.click(await screen.findByText('详版')));
  expect(api.fetch).toHaveBeenCalledWith('api/printTemp/detail', { id: 2 });
  expect(print).toHaveBeenCalledTimes(1);
});
