/**
 * Prints one area of the page (spec §2.6): the area is copied into a hidden iframe together with
 * the page's stylesheets (antd's are <style> tags), elements of class `no-print` are hidden, and
 * the frame's print dialog opens; the frame is removed afterwards.
 */

/** Longest wait for the copied stylesheets and images before printing anyway. */
const RESOURCE_WAIT_MS = 2000;
const NO_PRINT_CSS = '.no-print{display:none !important}';

function loaded(node: HTMLLinkElement | HTMLImageElement): Promise<void> {
  if (node instanceof HTMLImageElement && node.complete) return Promise.resolve();
  return new Promise((resolve) => {
    node.addEventListener('load', () => resolve(), { once: true });
    node.addEventListener('error', () => resolve(), { once: true });
  });
}

function waitForResources(doc: Document): Promise<void> {
  const pending = [...doc.querySelectorAll<HTMLLinkElement | HTMLImageElement>('link[rel="stylesheet"], img')].map(loaded);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, RESOURCE_WAIT_MS);
  });
  return Promise.race([Promise.all(pending).then(() => undefined), timeout]).finally(() => clearTimeout(timer));
}

export async function printArea(element: HTMLElement, title: string = document.title): Promise<void> {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute('title', title);
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0' });
  document.body.appendChild(frame);
  const doc = frame.contentDocument;
  const win = frame.contentWindow;
  if (!doc || !win) {
    frame.remove();
    return;
  }
  doc.open();
  doc.write('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
  doc.close();
  doc.title = title;
  for (const style of document.querySelectorAll('style, link[rel="stylesheet"]')) doc.head.appendChild(doc.importNode(style, true));
  const hide = doc.createElement('style');
  hide.textContent = NO_PRINT_CSS;
  doc.head.appendChild(hide);
  doc.body.appendChild(doc.importNode(element, true));

  await waitForResources(doc);
  try {
    win.focus();
    win.print();
  } finally {
    // print() returns once the dialog closes (or at once where it does not block); then tidy up.
    setTimeout(() => frame.remove(), 500);
  }
}
