/**
 * `<MF_DIR>/history.json`: the append-only log of releases and rollbacks, per remote. A rollback
 * goes to the release that came before the one users currently get.
 */
import type { RemoteArea } from './remotes';

export type HistoryEvent = {
  area: RemoteArea;
  /**
   * `release` and `rollback` point the registry at `folder`; `mark-bad` records that `folder` failed
   * to load in a browser (the registry then points at whatever the event after it says, if any).
   */
  action: 'release' | 'rollback' | 'mark-bad';
  /** The release folder the registry points at after this event (for `mark-bad`: the folder marked bad). */
  folder: string;
  /** The package version the folder was built from. */
  version: string;
  entry: string;
  /** The folder users got before this event, if any. */
  previousFolder?: string;
  /** ISO-8601 UTC. */
  at: string;
  /** Who did it, when not the command line: `昵称 (username)` of a portal user, or `自动` for a self-healing rollback. */
  by?: string;
  /** Why (a self-healing rollback: the error the browser reported). */
  note?: string;
};

export type History = { events: HistoryEvent[] };

export function emptyHistory(): History {
  return { events: [] };
}

export function parseHistory(json: unknown): History {
  const events = (json as { events?: unknown } | null)?.events;
  if (!Array.isArray(events)) throw new Error('history.json: "events" is not a list');
  return { events: events as HistoryEvent[] };
}

export function appendEvent(history: History, event: HistoryEvent): History {
  return { events: [...history.events, event] };
}

/** Releases of one remote, oldest first (a folder released twice counts once, at its first release). */
export function releasesOf(history: History, area: RemoteArea): HistoryEvent[] {
  const seen = new Set<string>();
  const releases: HistoryEvent[] = [];
  for (const event of history.events) {
    if (event.area !== area || event.action !== 'release' || seen.has(event.folder)) continue;
    seen.add(event.folder);
    releases.push(event);
  }
  return releases;
}

/**
 * The release before `currentFolder`. When the current folder is not a known release (the registry
 * was edited by hand), the latest release. Folders in `bad` are skipped. Undefined when there is
 * nothing to go back to.
 */
export function previousRelease(history: History, area: RemoteArea, currentFolder: string | undefined, bad: readonly string[] = []): HistoryEvent | undefined {
  const releases = releasesOf(history, area).filter((r) => r.folder === currentFolder || !bad.includes(r.folder));
  const index = releases.findIndex((r) => r.folder === currentFolder);
  if (index === -1) return releases.at(-1);
  return index > 0 ? releases[index - 1] : undefined;
}

/** The folder users most recently got before `exceptFolder`, not in `bad` (release or rollback events). */
export function latestGoodFolder(history: History, area: RemoteArea, exceptFolder: string, bad: readonly string[]): HistoryEvent | undefined {
  for (let i = history.events.length - 1; i >= 0; i -= 1) {
    const e = history.events[i];
    if (e.area !== area || e.action === 'mark-bad' || e.folder === exceptFolder || bad.includes(e.folder)) continue;
    return e;
  }
  return undefined;
}
