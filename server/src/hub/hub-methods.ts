/** The methods the portal's client invokes on the hub (spec §7 "Realtime", cross-helper contract). */
import type { AppContext } from '../app-context';
import { formatShanghai } from '../lib/time';
import { HubError, type Hub } from './hub';

/** Spec §9: text limit 300 characters. */
export const PRIVATE_MESSAGE_MAX_CHARS = 300;

export const MSG_BAD_RECIPIENT = '接收人不正确';
export const MSG_UNKNOWN_RECIPIENT = '接收人不存在';
export const MSG_EMPTY_MESSAGE = '消息内容不能为空';
export const MSG_MESSAGE_TOO_LONG = `消息内容不能超过${PRIVATE_MESSAGE_MAX_CHARS}个字符`;

/** What the recipient's `privateMessage` handler receives. */
export type PrivateMessage = { fromUserId: number; NickName: string; header: string; msg: string; addtime: string };

function recipientId(raw: unknown): number {
  const id = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw new HubError(MSG_BAD_RECIPIENT);
  return id;
}

function messageText(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw new HubError(MSG_EMPTY_MESSAGE);
  const text = raw.trim();
  if ([...text].length > PRIVATE_MESSAGE_MAX_CHARS) throw new HubError(MSG_MESSAGE_TOO_LONG);
  return text;
}

export function registerHubMethods(hub: Hub, ctx: AppContext): void {
  /** The distinct users online on any process: [{UserID, NickName, header, shopId}]. */
  hub.registerMethod('getOnlinefriend', {
    arity: 0,
    invoke: () => hub.onlineUsers(),
  });

  /** Delivers a chat line to every tab of the recipient; true once handed over (offline users get nothing). */
  hub.registerMethod('privateMessage', {
    arity: 2,
    invoke: async ({ user }, [rawTo, rawMsg]) => {
      const to = recipientId(rawTo);
      const msg = messageText(rawMsg);
      const recipient = await ctx.db.selectFrom('users').select('id').where('id', '=', to).where('quit_status', '=', 0).executeTakeFirst();
      if (!recipient) throw new HubError(MSG_UNKNOWN_RECIPIENT);
      const message: PrivateMessage = {
        fromUserId: user.UserID,
        NickName: user.NickName,
        header: user.header,
        msg,
        addtime: formatShanghai(ctx.clock().toISOString()),
      };
      await hub.sendToUser(to, 'privateMessage', [message]);
      return true;
    },
  });
}
