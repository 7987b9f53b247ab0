/**
 * Deadlines of node timeouts: wall-clock hours, or hours counted on working days only (weekends and
 * the flow's holidays skipped, by the Asia/Shanghai calendar).
 */
const HOUR = 3600_000;
const SHANGHAI = 8 * HOUR;

function shanghaiDay(t: number): { date: string; weekday: number } {
  const d = new Date(t + SHANGHAI);
  const date = d.toISOString().slice(0, 10);
  return { date, weekday: d.getUTCDay() };
}

export function isWorkingDay(t: number, holidays: ReadonlySet<string>): boolean {
  const { date, weekday } = shanghaiDay(t);
  return weekday !== 0 && weekday !== 6 && !holidays.has(date);
}

/** `start` + `hours`; with `workingDays`, only time falling on working days counts. */
export function deadline(start: Date, hours: number, workingDays = false, holidays: readonly string[] = []): Date {
  if (!workingDays) return new Date(start.getTime() + hours * HOUR);
  const off = new Set(holidays);
  let t = start.getTime();
  let left = hours * HOUR;
  // Step to the end of each Shanghai calendar day, counting the part that lies on a working day.
  for (let guard = 0; left > 0 && guard < 3 * 366; guard++) {
    const local = t + SHANGHAI;
    const nextMidnight = Math.floor(local / (24 * HOUR)) * 24 * HOUR + 24 * HOUR - SHANGHAI;
    const span = nextMidnight - t;
    if (isWorkingDay(t, off)) {
      if (left <= span) return new Date(t + left);
      left -= span;
    }
    t = nextMidnight;
  }
  return new Date(t);
}
