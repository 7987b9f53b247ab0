import { renderHook } from '@testing-library/react';
import { emptyPermissionTree } from '../contract/permissions';
import { useSessionStore } from './session-store';
import { useActionRight, useActionRights } from './use-action-right';

const login = { LoginToken: 'k', UserID: 1, NickName: '李娜', header: '', ShopID: 1 };

afterEach(() => useSessionStore.getState().logout());

describe('useActionRight', () => {
  it('follows the session permission tree', () => {
    useSessionStore.getState().login(login, { ...emptyPermissionTree(), crm: ['customer/watched', 'customer/watched:create'] });
    expect(renderHook(() => useActionRight('crm', 'customer/watched', 'create')).result.current).toBe(true);
    expect(renderHook(() => useActionRight('crm', 'customer/watched', 'delete')).result.current).toBe(false);
    const { result } = renderHook(() => useActionRights('crm', 'customer/watched', ['create', 'export'] as const));
    expect(result.current).toEqual({ create: true, export: false });
  });

  it('grants nothing when logged out', () => {
    expect(renderHook(() => useActionRight('crm', 'customer/watched', 'create')).result.current).toBe(false);
  });
});
