import { useTabsStore } from './tabs-store';

const store = () => useTabsStore.getState();

beforeEach(() => store().resetTabs());

describe('tabs', () => {
  it('opens a tab once and activates it', () => {
    store().openTab({ key: '/a', title: 'A' });
    store().openTab({ key: '/b', title: 'B' });
    store().openTab({ key: '/a', title: 'A2' });
    expect(store().tabs).toEqual([
      { key: '/a', title: 'A2' },
      { key: '/b', title: 'B' },
    ]);
    expect(store().activeKey).toBe('/a');
  });

  it('cannot close the only remaining tab', () => {
    store().openTab({ key: '/a', title: 'A' });
    expect(store().closeTab('/a')).toBeNull();
    expect(store().tabs).toHaveLength(1);
  });

  it('activates the right neighbour when the active tab closes, else the left one', () => {
    ['/a', '/b', '/c'].forEach((key) => store().openTab({ key, title: key }));
    store().activateTab('/b');
    expect(store().closeTab('/b')).toBe('/c');
    expect(store().activeKey).toBe('/c');
    expect(store().closeTab('/c')).toBe('/a');
    expect(store().tabs.map((t) => t.key)).toEqual(['/a']);
  });

  it('keeps the active tab when another one closes', () => {
    ['/a', '/b', '/c'].forEach((key) => store().openTab({ key, title: key }));
    expect(store().closeTab('/a')).toBe('/c');
    expect(store().activeKey).toBe('/c');
  });

  it('persists open tabs', () => {
    store().openTab({ key: '/a', title: 'A' });
    expect(JSON.parse(localStorage.getItem('portal-tabs')!).state.tabs).toEqual([{ key: '/a', title: 'A' }]);
  });
});
