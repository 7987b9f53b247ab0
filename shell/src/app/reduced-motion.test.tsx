import { act, renderHook } from '@testing-library/react';
import { usePrefersReducedMotion } from './reduced-motion';

/** A matchMedia whose (prefers-reduced-motion: reduce) answer the test sets and changes. */
function fakeReducedMotion(initial: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: initial,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  const original = window.matchMedia;
  window.matchMedia = ((media: string) => {
    expect(media).toBe('(prefers-reduced-motion: reduce)');
    return query;
  }) as unknown as typeof window.matchMedia;
  return {
    set(matches: boolean) {
      query.matches = matches;
      for (const listener of listeners) listener();
    },
    listeners,
    restore: () => (window.matchMedia = original),
  };
}

test('follows the system setting to reduce motion, as it changes, and stops listening on unmount', () => {
  const media = fakeReducedMotion(false);
  try {
    const { result, unmount } = renderHook(() => usePrefersReducedMotion());
    expect(result.current).toBe(false);
    act(() => media.set(true));
    expect(result.current).toBe(true);
    act(() => media.set(false));
    expect(result.current).toBe(false);
    unmount();
    expect(media.listeners.size).toBe(0);
  } finally {
    media.restore();
  }
});
