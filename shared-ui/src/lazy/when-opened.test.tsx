import { lazy, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { WhenOpened } from './when-opened';

/** A page with a panel whose module is loaded on demand, like the list's modals (import() counted). */
function pageWithLazyPanel() {
  const counter = { loads: 0 };
  const Panel = lazy(async () => {
    counter.loads += 1;
    return { default: ({ open }: { open: boolean }) => <div data-testid="panel">{open ? '打开' : '已关闭'}</div> };
  });
  function Page() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button onClick={() => setOpen((o) => !o)}>切换</button>
        <WhenOpened open={open}>
          <Panel open={open} />
        </WhenOpened>
      </>
    );
  }
  return { Page, counter };
}

describe('WhenOpened', () => {
  it('loads and mounts its child only when first opened', async () => {
    const { Page, counter } = pageWithLazyPanel();
    render(<Page />);
    expect(screen.queryByTestId('panel')).toBeNull();
    expect(counter.loads).toBe(0);
    act(() => screen.getByRole('button', { name: '切换' }).click());
    expect(await screen.findByText('打开')).toBeTruthy();
    expect(counter.loads).toBe(1);
  });

  it('keeps the child mounted after it closes (state and the closing animation survive)', async () => {
    const { Page, counter } = pageWithLazyPanel();
    render(<Page />);
    act(() => screen.getByRole('button', { name: '切换' }).click());
    await screen.findByText('打开');
    act(() => screen.getByRole('button', { name: '切换' }).click());
    expect(screen.getByText('已关闭')).toBeTruthy();
    act(() => screen.getByRole('button', { name: '切换' }).click());
    expect(screen.getByText('打开')).toBeTruthy();
    expect(counter.loads).toBe(1);
  });
});
