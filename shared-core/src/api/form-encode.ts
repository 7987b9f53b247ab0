/**
 * Form-urlencoded body of the API (ARCHITECTURE.md): scalars as text, nested objects and arrays as
 * JSON strings, undefined left out, null sent as an empty value.
 */
export type RequestData = Record<string, unknown>;

export function encodeForm(data: RequestData | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(data ?? {})) {
    if (value === undefined) continue;
    if (value === null) params.append(key, '');
    else if (value instanceof Date) params.append(key, value.toISOString());
    else if (typeof value === 'object') params.append(key, JSON.stringify(value));
    else params.append(key, String(value));
  }
  return params.toString();
}
