import { App } from 'antd';
import { MESSAGES } from '@portal/shared-core';
import { useDeleteCustomersMutation } from '../api/use-delete-customers-mutation';

/**
 * Deleting customers after the bulk-action confirmation (确定执行此操作, 是否继续?), for the detail
 * panel and the selection bar alike. `onDeleted` runs only when the server deleted them (the lists
 * have been told to refresh); on an error the API client has already shown the reason and nothing
 * was deleted.
 */
export function useConfirmDeleteCustomers() {
  const { modal } = App.useApp();
  const { mutateAsync } = useDeleteCustomersMutation();
  return (ids: number[], onDeleted: () => void) => {
    modal.confirm({
      title: '提示',
      content: MESSAGES.confirmBulk,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          await mutateAsync(ids);
        } catch {
          return;
        }
        onDeleted();
      },
    });
  };
}
