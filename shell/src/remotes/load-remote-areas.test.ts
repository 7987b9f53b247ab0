/** The fallback to a remote's last good build (issue #13 §5), with the Module Federation runtime mocked. */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { useSessionStore, type RemoteRoutesModule } from '@portal/shared-core';
import { loadRemoteAreas } from './load-remote-areas';
import { AREA_UNAVAILABLE } from './runtime-plugins';
import { reportRemoteFailure } from './report-failure';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn() }));
jest.mock('./report-failure', () => ({ ...jest.requireActual('./report-failure'), reportRemoteFailure: jest.fn(async () => undefined) }));

const mockedLoad = jest.mocked(loadRemote);
const mockedRegister = jest.mocked(registerRemotes);
const mockedReport = jest.mocked(reportRemoteFailure);

const biRoutes: RemoteRoutesModule = { area: 'bi', title: { cn: '统计', en: 'BI' }, routes: [] };
const build = (version: string) => ({ name: 'remote_bi', version, entry: `/mf/remote-bi/${version}/mf-manifest.json` });

function serveRegistry(bi: unknown): void {
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ remotes: { bi } }) }) as unknown as Response);
}

/** Which entry is registered decides what `remote_bi/routes` gives. */
function behaveBy(results: Record<string, () => unknown>): void {
  let registered = '';
  mockedRegister.mockImplementation((remotes) => {
    registered = (remotes as { entry: string }[]).find((r) => r.entry.includes('remote-bi'))?.entry ?? registered;
  });
  mockedLoad.mockImplementation(async () => {
    const result = results[registered];
    if (!result) throw new Error(`nothing at ${registered}`);
    return result() as never;
  });
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  useSessionStore.setState({ token: 'token' });
});
afterEach(() => jest.restoreAllMocks());

it('loads the last good build when the current entry fails, and reports the failed build', async () => {
  serveRegistry({ ...build('v2'), lastGood: build('v1') });
  const chunkGlobal = globalThis as unknown as Record<string, unknown>;
  chunkGlobal.webpackChunkportal_remote_bi = [['broken chunk']];
  behaveBy({
    [build('v2').entry]: () => ({ [AREA_UNAVAILABLE]: true, error: new Error('remoteEntry exploded') }),
    [build('v1').entry]: () => ({ default: biRoutes }),
  });
  const result = await loadRemoteAreas(['bi']);
  expect(result).toEqual({ modules: [biRoutes], unavailable: [] });
  expect(mockedRegister).toHaveBeenLastCalledWith([{ name: 'remote_bi', entry: build('v1').entry }], { force: true });
  expect('webpackChunkportal_remote_bi' in chunkGlobal).toBe(false);
  expect(mockedReport).toHaveBeenCalledWith({ remote: 'bi', folder: 'v2', error: 'Error: remoteEntry exploded', fallback: 'v1' });
});

it('falls back when the routes module throws or is not a route table', async () => {
  serveRegistry({ ...build('v2'), lastGood: build('v1') });
  behaveBy({ [build('v2').entry]: () => ({ default: { area: 'crm', routes: [] } }), [build('v1').entry]: () => ({ default: biRoutes }) });
  expect((await loadRemoteAreas(['bi'])).modules).toEqual([biRoutes]);
  expect(mockedReport).toHaveBeenCalledWith(
    expect.objectContaining({ folder: 'v2', fallback: 'v1', error: expect.stringContaining('not the bi route table') }),
  );
});

it('keeps the area unavailable without a last good build, or when it fails too, and reports nothing', async () => {
  serveRegistry(build('v2'));
  behaveBy({});
  expect(await loadRemoteAreas(['bi'])).toEqual({ modules: [], unavailable: ['bi'] });
  serveRegistry({ ...build('v2'), lastGood: build('v1') });
  expect(await loadRemoteAreas(['bi'])).toEqual({ modules: [], unavailable: ['bi'] });
  // A last good build the registry itself marks bad is ignored.
  serveRegistry({ ...build('v2'), lastGood: build('v1'), bad: ['v1'] });
  behaveBy({ [build('v1').entry]: () => ({ default: biRoutes }) });
  expect(await loadRemoteAreas(['bi'])).toEqual({ modules: [], unavailable: ['bi'] });
  expect(mockedReport).not.toHaveBeenCalled();
});

it('loads the current build as before when it works', async () => {
  serveRegistry({ ...build('v2'), lastGood: build('v1') });
  behaveBy({ [build('v2').entry]: () => ({ default: biRoutes }) });
  expect((await loadRemoteAreas(['bi'])).modules).toEqual([biRoutes]);
  expect(mockedRegister).toHaveBeenCalledTimes(1);
  expect(mockedReport).not.toHaveBeenCalled();
});
