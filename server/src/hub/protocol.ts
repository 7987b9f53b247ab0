/**
 * The SignalR JSON hub protocol (aspnetcore `HubProtocol.md`): records end with the record separator
 * 0x1E, several records may share one transport frame, the first record is the handshake.
 */

export const RECORD_SEPARATOR = '\x1e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

/** A record from the client after the handshake. Only the fields the server reads are typed. */
export type ClientMessage = {
  type: number;
  invocationId?: unknown;
  target?: unknown;
  arguments?: unknown;
  streamIds?: unknown;
};

/** The frames the server sends often, serialised once. */
export const PING_FRAME = `{"type":6}${RECORD_SEPARATOR}`;
export const HANDSHAKE_OK_FRAME = `{}${RECORD_SEPARATOR}`;

export const invocationFrame = (target: string, args: unknown[]): string =>
  `${JSON.stringify({ type: MessageType.Invocation, target, arguments: args })}${RECORD_SEPARATOR}`;

/** A Completion carries `result` or `error`, never both; a void method sends neither. */
export function completionFrame(invocationId: string, outcome: { result?: unknown; error?: string }): string {
  const message: Record<string, unknown> = { type: MessageType.Completion, invocationId };
  if (outcome.error !== undefined) message.error = outcome.error;
  else if (outcome.result !== undefined) message.result = outcome.result;
  return `${JSON.stringify(message)}${RECORD_SEPARATOR}`;
}

export function closeFrame(error?: string, allowReconnect?: boolean): string {
  const message: Record<string, unknown> = { type: MessageType.Close };
  if (error) message.error = error;
  if (allowReconnect) message.allowReconnect = true;
  return `${JSON.stringify(message)}${RECORD_SEPARATOR}`;
}

export const handshakeErrorFrame = (error: string): string => `${JSON.stringify({ error })}${RECORD_SEPARATOR}`;

/** What the handshake request asks for: accepted, or the error to answer before closing. */
export function checkHandshake(record: string): { ok: true } | { ok: false; error: string } {
  let request: unknown;
  try {
    request = JSON.parse(record);
  } catch {
    return { ok: false, error: 'Handshake request is not valid JSON.' };
  }
  if (typeof request !== 'object' || request === null) return { ok: false, error: 'Handshake request is not a JSON object.' };
  const { protocol, version } = request as { protocol?: unknown; version?: unknown };
  if (typeof protocol !== 'string' || typeof version !== 'number') return { ok: false, error: "Handshake request is missing 'protocol' or 'version'." };
  if (protocol !== 'json') return { ok: false, error: `The protocol '${protocol}' is not supported.` };
  // Version 2 is stateful reconnect, which this server does not offer.
  if (version !== 1) return { ok: false, error: `The server does not support version ${version} of the 'json' protocol.` };
  return { ok: true };
}

/**
 * Accumulates transport data and yields complete records. Data without a trailing separator stays
 * buffered until the rest arrives (long polling POSTs and raw clients may split records).
 */
export class RecordReader {
  private pending = '';

  constructor(private readonly maxBufferedChars: number) {}

  /** The complete records in `data` (and before it), or 'overflow' when a record grows too large. */
  push(data: string): string[] | 'overflow' {
    const text = this.pending ? this.pending + data : data;
    const records: string[] = [];
    let start = 0;
    for (let end = text.indexOf(RECORD_SEPARATOR); end !== -1; end = text.indexOf(RECORD_SEPARATOR, start)) {
      records.push(text.slice(start, end));
      start = end + 1;
    }
    this.pending = start === text.length ? '' : text.slice(start);
    if (this.pending.length > this.maxBufferedChars) return 'overflow';
    return records;
  }
}
