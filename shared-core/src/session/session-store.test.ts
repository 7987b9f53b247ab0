import { emptyPermissionTree } from '../contract/permissions';
import { setPageReloader, useLanguageStore, localize } from './language-store';
import { useSessionStore, SESSION_STORAGE_KEY } from './session-store';

describe('session store', () => {
  it('keeps token, user and permissions from the login reply, persisted, and forgets them on logout', () => {
    const model = { ...emptyPermissionTree(), crm: ['index'] };
    useSessionStore.getState().login({ LoginToken: 't', UserID: 3, NickName: '张三', header: '/a.png', ShopID: 1 }, model);
    expect(useSessionStore.getState()).toMatchObject({ token: 't', user: { UserID: 3, NickName: '张三', header: '/a.png', ShopID: 1 }, permissions: model });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!).state.token).toBe('t');
    useSessionStore.getState().logout();
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: null, permissions: null });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!).state.token).toBeNull();
  });
});

describe('language store', () => {
  it('defaults to cn, stores the choice and reloads only on a change', () => {
    const reload = jest.fn();
    setPageReloader(reload);
    expect(useLanguageStore.getState().language).toBe('cn');
    useLanguageStore.getState().setLanguage('cn');
    expect(reload).not.toHaveBeenCalled();
    useLanguageStore.getState().setLanguage('en');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem('portal-language')!).state.language).toBe('en');
    expect(localize({ cn: '客户', en: 'Customers' })).toBe('Customers');
    expect(localize({ cn: '客户', en: '' })).toBe('客户');
  });
});
