import { emptyRegistry, manifestUrl, parseRegistry, withRemoteEntry } from './registry';

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
});
