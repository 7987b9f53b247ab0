/** Money is stored as integer fen (cents) and sent as yuan numbers (12800.5), as the client shows it. */
export function fenToYuan(fen: number): number {
  return Math.round(Number(fen)) / 100;
}

export function yuanToFen(yuan: number): number {
  return Math.round(yuan * 100);
}
