import { fetchRegistry } from './registry';

const reply = (body: unknown) => jest.fn(async () => ({ ok: true, status: 200, json: async () => body }) as unknown as Response);
const build = (version: string) => ({ name: 'remote_bi', version, entry: `/mf/remote-bi/${version}/mf-manifest.json` });

it('reads a registry written before lastGood and bad as before', async () => {
  await expect(fetchRegistry(reply({ remotes: { bi: build('v1'), nope: build('x') } }))).resolves.toEqual({ remotes: { bi: build('v1') } });
});

it('reads lastGood and bad, dropping a malformed or bad last good build', async () => {
  await expect(fetchRegistry(reply({ remotes: { bi: { ...build('v2'), lastGood: build('v1'), bad: ['v0', 3] } } }))).resolves.toEqual({
    remotes: { bi: { ...build('v2'), lastGood: build('v1'), bad: ['v0'] } },
  });
  await expect(fetchRegistry(reply({ remotes: { bi: { ...build('v2'), lastGood: { version: 'v1' } } } }))).resolves.toEqual({ remotes: { bi: build('v2') } });
  await expect(fetchRegistry(reply({ remotes: { bi: { ...build('v2'), lastGood: build('v1'), bad: ['v1'] } } }))).resolves.toEqual({
    remotes: { bi: { ...build('v2'), bad: ['v1'] } },
  });
});
