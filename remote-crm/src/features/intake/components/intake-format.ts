/** '12345.6' → '¥12,345.60'; anything not a number (a masked '****') as it is. */
export function formatMoney(yuan: string | number): string {
  const n = typeof yuan === 'number' ? yuan : Number(yuan);
  if (yuan === '' || Number.isNaN(n)) return String(yuan || '—');
  return `¥${n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
