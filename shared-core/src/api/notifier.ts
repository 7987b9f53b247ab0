/**
 * Where the API client and pages send user-facing messages. The shell registers one bound to antd's
 * `App.useApp()`; nothing uses antd's static message API.
 */
export type ModalOptions = { title: string; content: string; okText: string; onOk: () => void };

export type Notifier = {
  success: (msg: string) => void;
  error: (msg: string) => void;
  warning: (msg: string) => void;
  /** A blocking one-button modal; `onOk` runs when the user confirms (or the modal is closed). */
  modal: (options: ModalOptions) => void;
};

/** Before the shell registers its notifier: log, and let a modal proceed at once. */
const consoleNotifier: Notifier = {
  success: (msg) => console.info(msg),
  error: (msg) => console.error(msg),
  warning: (msg) => console.warn(msg),
  modal: ({ content, onOk }) => {
    console.warn(content);
    onOk();
  },
};

let current: Notifier = consoleNotifier;

export function setNotifier(notifier: Notifier | null): void {
  current = notifier ?? consoleNotifier;
}

export function getNotifier(): Notifier {
  return current;
}
