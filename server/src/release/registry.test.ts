import { emptyRegistry, isBad, manifestUrl, markBad, nextEntry, parseRegistry, withRemoteEntry } from './registry';

describe('registry', () => {
  const crm = { name: 'remote_crm', version: '0.1.0-20261121T101500-ab12cd34', entry: '/mf/remote-crm/0.1.0-20261121T101500-ab12cd34/mf-manifest.json' };
  const oa = { name: 'remote_oa', version: '0.1.0-20261121T101500-00000000', entry: '/mf/remote-oa/x/mf-manifest.json' };

  it('changes only the given remote entry and leaves the input untouched', () => {
    const before = { remotes: { crm, oa } };
    const newCrm = { ...crm, version: 'v2', entry: '/mf/remote-crm/v2/mf-manifest.json' };
    const after = withRemoteEntry(before, 'crm', newCrm);
    expect(after.remotes).toEqual({ crm: newCrm, oa });
    expect(before.remotes.crm).toBe(crm);
  });

  it('adds an entry to an empty registry', () => {
    expect(withRemoteEntry(emptyRegistry(), 'oa', oa)).toEqual({ remotes: { oa } });
  });

  it('parses a valid registry and rejects malformed entries', () => {
    expect(parseRegistry({ remotes: { crm } })).toEqual({ remotes: { crm } });
    expect(parseRegistry({})).toEqual({ remotes: {} });
    expect(() => parseRegistry({ remotes: { crm: { name: 'remote_crm' } } })).toThrow('entry "crm"');
    expect(() => parseRegistry('x')).toThrow('not an object');
  });

  it('builds the manifest URL served under /mf', () => {
    expect(manifestUrl('remote-bi', 'f1')).toBe('/mf/remote-bi/f1/mf-manifest.json');
  });

  it('reads an old registry without lastGood and bad, and validates them when present', () => {
    expect(parseRegistry({ remotes: { crm } }).remotes.crm?.lastGood).toBeUndefined();
    const healed = { ...crm, lastGood: { name: 'remote_crm', version: 'v0', entry: '/mf/remote-crm/v0/mf-manifest.json' }, bad: ['v9'] };
    expect(parseRegistry({ remotes: { crm: healed } })).toEqual({ remotes: { crm: healed } });
    expect(() => parseRegistry({ remotes: { crm: { ...crm, lastGood: { version: 'v0' } } } })).toThrow('entry "crm"');
    expect(() => parseRegistry({ remotes: { crm: { ...crm, bad: 'v9' } } })).toThrow('entry "crm"');
  });
});

describe('lastGood and bad', () => {
  const build = (version: string) => ({ name: 'remote_bi', version, entry: `/mf/remote-bi/${version}/mf-manifest.json` });

  it('makes the replaced build the last good one on release', () => {
    expect(nextEntry(undefined, build('a'))).toEqual(build('a'));
    expect(nextEntry(build('a'), build('b'))).toEqual({ ...build('b'), lastGood: build('a') });
    // lastGood never nests: the replaced entry's own lastGood is dropped.
    expect(nextEntry({ ...build('b'), lastGood: build('a') }, build('c'))).toEqual({ ...build('c'), lastGood: build('b') });
  });

  it('never takes a bad build as the last good one, and carries the bad list over', () => {
    const broken = { ...build('c'), lastGood: build('b'), bad: ['c'] };
    expect(nextEntry(broken, build('d'))).toEqual({ ...build('d'), lastGood: build('b'), bad: ['c'] });
    // Rolling back to the last good build: its lastGood comes from the history (the caller's pick).
    expect(nextEntry(broken, build('b'), build('a'))).toEqual({ ...build('b'), lastGood: build('a'), bad: ['c'] });
    expect(nextEntry(broken, build('b'))).toEqual({ ...build('b'), bad: ['c'] });
    expect(nextEntry({ ...build('c'), bad: ['c', 'a'] }, build('b'), build('a'))).toEqual({ ...build('b'), bad: ['c', 'a'] });
  });

  it('marks a folder bad once', () => {
    const marked = markBad(build('c'), 'c');
    expect(marked.bad).toEqual(['c']);
    expect(markBad(marked, 'c')).toBe(marked);
    expect(isBad(marked, 'c')).toBe(true);
    expect(isBad(undefined, 'c')).toBe(false);
  });
});
