import { badRequest } from '../../../http/errors';

export const MSG_NEXT_FOLLOWUP_PAST = '下次跟进时间不能早于当前时间';

/**
 * A new 下次跟进时间 (ISO; '' for none) lies ahead: from the current minute on, since the form picks
 * times to the minute. `stored`, on an edit, is the time the record already has: keeping it, though
 * it has passed since, is not a new time (the lists mark it overdue instead).
 */
export function assertNextFollowupAhead(next: string, now: Date, stored?: string): void {
  if (next === '' || (stored !== undefined && Date.parse(next) === Date.parse(stored))) return;
  const thisMinute = Math.floor(now.getTime() / 60_000) * 60_000;
  if (Date.parse(next) < thisMinute) throw badRequest(MSG_NEXT_FOLLOWUP_PAST);
}
