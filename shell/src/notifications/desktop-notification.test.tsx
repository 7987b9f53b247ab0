/** 开启桌面提醒: permission asked only from the switch; pool warnings pushed afterwards reach the desktop, nothing else does. */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DesktopNotifySwitch, showDesktopNotification } from './desktop-notification';

type Shown = { title: string; options?: NotificationOptions };
let shown: Shown[];
let answer: NotificationPermission;

class FakeNotification {
  static permission: NotificationPermission = 'default';
  static requestPermission = jest.fn(async () => {
    FakeNotification.permission = answer;
    return answer;
  });
  constructor(title: string, options?: NotificationOptions) {
    shown.push({ title, options });
  }
}

const poolWarning = { id: 41, cont: '你有 2 个客户将在 3 天内被收回公海，请及时跟进', addtime: '2026-11-24 09:00', kind: 'pool' };
const taskNote = { id: 42, cont: '新任务', addtime: '2026-11-24 09:01', kind: 'task' };

beforeEach(() => {
  shown = [];
  answer = 'granted';
  FakeNotification.permission = 'default';
  FakeNotification.requestPermission.mockClear();
  window.localStorage.clear();
  Object.defineProperty(window, 'Notification', { value: FakeNotification, configurable: true, writable: true });
});

it('asks for permission only when switched on, then shows pool warnings (not other kinds) until switched off', async () => {
  render(<DesktopNotifySwitch />);
  expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
  showDesktopNotification(poolWarning);
  expect(shown).toEqual([]);

  const toggle = screen.getByRole('switch', { name: '开启桌面提醒' });
  await act(async () => {
    fireEvent.click(toggle);
  });
  expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));

  showDesktopNotification(poolWarning);
  showDesktopNotification(taskNote);
  showDesktopNotification(undefined);
  expect(shown).toEqual([{ title: '公海提醒', options: { body: poolWarning.cont, tag: 'portal-notification-41' } }]);

  await act(async () => {
    fireEvent.click(toggle);
  });
  expect(toggle).toHaveAttribute('aria-checked', 'false');
  showDesktopNotification(poolWarning);
  expect(shown).toHaveLength(1);
});

it('says so when the browser refuses, and shows nothing', async () => {
  answer = 'denied';
  render(<DesktopNotifySwitch />);
  await act(async () => {
    fireEvent.click(screen.getByRole('switch', { name: '开启桌面提醒' }));
  });
  expect(await screen.findByText('浏览器已禁止通知，请在浏览器设置中允许本站通知')).toBeInTheDocument();
  showDesktopNotification(poolWarning);
  expect(shown).toEqual([]);
});

it('renders nothing where the browser has no notifications', () => {
  Object.defineProperty(window, 'Notification', { value: undefined, configurable: true, writable: true });
  const { container } = render(<DesktopNotifySwitch />);
  expect(container).toBeEmptyDOMElement();
  showDesktopNotification(poolWarning);
});
