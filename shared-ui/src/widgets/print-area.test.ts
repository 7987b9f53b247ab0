import { printArea } from './print-area';

it('prints a copy of the area with the page styles in a hidden frame, hiding .no-print, then removes the frame', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
  const pageStyle = document.createElement('style');
  pageStyle.textContent = '.contract{color:red}';
  document.head.appendChild(pageStyle);
  const area = document.createElement('div');
  area.innerHTML = '<h1 class="contract">合同 HT-001</h1><button class="no-print">打印</button>';
  document.body.appendChild(area);

  const printing = printArea(area, '合同打印');
  const frame = document.querySelector('iframe') as HTMLIFrameElement;
  const print = jest.spyOn(frame.contentWindow as Window, 'print').mockImplementation(() => undefined);
  jest.spyOn(frame.contentWindow as Window, 'focus').mockImplementation(() => undefined);
  const doc = frame.contentDocument as Document;
  expect(doc.body.querySelector('h1')?.textContent).toBe('合同 HT-001');
  const styles = [...doc.head.querySelectorAll('style')].map((s) => s.textContent);
  expect(styles).toContain('.contract{color:red}');
  expect(styles.some((css) => css?.includes('.no-print{display:none'))).toBe(true);

  await printing;
  expect(print).toHaveBeenCalled();
  jest.runAllTimers();
  expect(document.querySelector('iframe')).toBeNull();
  jest.useRealTimers();
});
