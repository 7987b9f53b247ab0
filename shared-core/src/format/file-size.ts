/** File size as the spec shows it (§9): the server gives Kb; over 1024 shown as Mb with one decimal. */
export function formatFileSize(sizeKb: number | string | null | undefined): string {
  const value = Number(sizeKb);
  if (sizeKb === null || sizeKb === undefined || sizeKb === '' || Number.isNaN(value)) return '-';
  if (value > 1024) return `${(value / 1024).toFixed(1)}Mb`;
  return `${value}Kb`;
}
