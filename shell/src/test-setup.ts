import '@testing-library/jest-dom';
import { MessageChannel } from 'node:worker_threads';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router 7 and antd need these; jsdom lacks them.
Object.assign(globalThis, { TextEncoder, TextDecoder });
globalThis.MessageChannel ??= MessageChannel as unknown as typeof globalThis.MessageChannel;

// antd reads these browser APIs that jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
