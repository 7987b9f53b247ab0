/**
 * `<MF_DIR>/history.json`: the append-only log of releases and rollbacks, per remote. A rollback
 * goes to the release that came before the one users currently get.
 */
import type { RemoteArea } from './remotes';

export type HistoryEvent = {
  area: RemoteArea;
  action: 'release' | 'rollback';
  /** The release folder the registry points at after this event. */
  folder: string;
  /** The package version the folder was built from. */
  version: string;
  entry: string;
  /** The folder users got before this event, if any. */
  previousFolder?: string;
  /** ISO-8601 UTC. */
  at: string;
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
 * was edited by hand), the latest release. Undefined when there is nothing to go back to.
 */
export function previousRelease(history: History, area: RemoteArea, currentFolder: string | undefined): HistoryEvent | undefined {
  const releases = releasesOf(history, area);
  const index = releases.findIndex((r) => r.folder === currentFolder);
  if (index === -1) return releases.at(-1);
  return index > 0 ? releases[index - 1] : undefined;
}
