/**
 * jsdom setup shared by every React package's jest config: jest-dom matchers plus the browser
 * APIs antd relies on that jsdom does not implement.
 */
import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router encodes URLs with TextEncoder, which jsdom does not provide.
if (!('TextEncoder' in globalThis)) Object.assign(globalThis, { TextEncoder, TextDecoder });

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub, writable: true });
}

// antd measures scrollbars with pseudo-element styles, which jsdom reports as "not implemented".
const computeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computeStyle(element);

// antd's form and select schedule macro tasks through MessageChannel, which jsdom lacks.
if (!('MessageChannel' in window)) {
  class MessagePortStub {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    peer: MessagePortStub | null = null;
    postMessage(data: unknown): void {
      setTimeout(() => this.peer?.onmessage?.({ data }), 0);
    }
    close(): void {}
  }
  class MessageChannelStub {
    port1 = new MessagePortStub();
    port2 = new MessagePortStub();
    constructor() {
      this.port1.peer = this.port2;
      this.port2.peer = this.port1;
    }
  }
  Object.defineProperty(globalThis, 'MessageChannel', { value: MessageChannelStub, writable: true });
}
