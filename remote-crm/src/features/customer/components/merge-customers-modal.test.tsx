/** 合并客户 cannot be undone: it asks 确定执行此操作, 是否继续? before anything is sent (#31 item 11). */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test/render-with-providers';
import { makeCustomer } from '../testing/customer-fixtures';
import { MergeCustomersModal } from './merge-customers-modal';

it('asks for confirmation before merging; 取消 sends nothing, 确定 merges', async () => {
  const onMerge = jest.fn().mockResolvedValue(undefined);
  const customers = [makeCustomer({ id: 1, CustomerName: '甲公司' }), makeCustomer({ id: 2, CustomerName: '甲公司（重复）' })];
  renderWithProviders(<MergeCustomersModal customers={customers} onCancel={() => undefined} onMerge={onMerge} />);
  fireEvent.click(screen.getByText(/^合\s?并$/, { selector: 'button span' }));
  expect(await screen.findByText('确定执行此操作, 是否继续?')).toBeInTheDocument();
  expect(onMerge).not.toHaveBeenCalled();
  fireEvent.click(screen.getAllByRole('button', { name: /^确\s?定$/ }).at(-1)!);
  await waitFor(() => expect(onMerge).toHaveBeenCalledWith({ id: 1, ids: [2], fields: {} }));
});
