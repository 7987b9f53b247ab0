import { appendEvent, emptyHistory, latestGoodFolder, parseHistory, previousRelease, releasesOf, type HistoryEvent } from './history';

function event(area: HistoryEvent['area'], action: HistoryEvent['action'], folder: string): HistoryEvent {
  return {
    area,
    action,
    folder,
    version: folder.split('-')[0] ?? folder,
    entry: `/mf/remote-${area}/${folder}/mf-manifest.json`,
    at: '2026-11-21T10:15:00.000Z',
  };
}

describe('history', () => {
  const history = [
    event('crm', 'release', 'a'),
    event('oa', 'release', 'x'),
    event('crm', 'release', 'b'),
    event('crm', 'release', 'c'),
    event('crm', 'rollback', 'b'),
  ].reduce(appendEvent, emptyHistory());

  it('appends without mutating', () => {
    const before = emptyHistory();
    const after = appendEvent(before, event('crm', 'release', 'a'));
    expect(before.events).toHaveLength(0);
    expect(after.events).toHaveLength(1);
  });

  it('lists the releases of one remote in order, ignoring rollbacks', () => {
    expect(releasesOf(history, 'crm').map((e) => e.folder)).toEqual(['a', 'b', 'c']);
  });

  it('finds the release before the current one', () => {
    expect(previousRelease(history, 'crm', 'c')?.folder).toBe('b');
    expect(previousRelease(history, 'crm', 'b')?.folder).toBe('a');
    expect(previousRelease(history, 'crm', 'a')).toBeUndefined();
    expect(previousRelease(history, 'oa', 'x')).toBeUndefined();
  });

  it('falls back to the latest release when the current folder is unknown', () => {
    expect(previousRelease(history, 'crm', 'hand-edited')?.folder).toBe('c');
    expect(previousRelease(history, 'bi', undefined)).toBeUndefined();
  });

  it('rejects a file without an events list', () => {
    expect(() => parseHistory({})).toThrow('events');
    expect(parseHistory({ events: [] })).toEqual({ events: [] });
  });

  it('skips bad folders when going back', () => {
    expect(previousRelease(history, 'crm', 'c', ['b'])?.folder).toBe('a');
    expect(previousRelease(history, 'crm', 'b', ['b'])?.folder).toBe('a');
  });

  it('finds the folder users got most recently, other than the given one and not bad', () => {
    expect(latestGoodFolder(history, 'crm', 'b', [])?.folder).toBe('c');
    expect(latestGoodFolder(history, 'crm', 'b', ['c'])?.folder).toBe('a');
    expect(latestGoodFolder(history, 'bi', 'x', [])).toBeUndefined();
  });
});
