import {
  describeMismatches,
  findSharedMismatches,
  findUnprovided,
  packageOfSharedKey,
  shellRequirementsFromManifest,
  shellRequirementsFromSharedConfig,
} from './shared-compat';

const shell = shellRequirementsFromManifest([
  { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
  { name: 'react/jsx-runtime', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
  { name: 'antd', version: '6.6.8', requiredVersion: '^6.6.8', singleton: true },
  { name: '@portal/shared-core', version: '0.1.0', requiredVersion: '^0.1.0', singleton: true },
]);

describe('packageOfSharedKey', () => {
  it('maps deep and prefix keys to their package', () => {
    expect(packageOfSharedKey('react/jsx-runtime')).toBe('react');
    expect(packageOfSharedKey('react/')).toBe('react');
    expect(packageOfSharedKey('@ant-design/icons/lib/x')).toBe('@ant-design/icons');
    expect(packageOfSharedKey('@portal/shared-core')).toBe('@portal/shared-core');
  });
});

describe('findSharedMismatches', () => {
  it('accepts a remote built against the same versions', () => {
    const remote = [
      { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
      { name: 'antd', version: '6.6.8', requiredVersion: '^6.6.8', singleton: true },
      { name: 'lodash', version: '1.0.0', requiredVersion: '^1.0.0', singleton: true },
    ];
    expect(findSharedMismatches(remote, shell)).toEqual([]);
  });

  it('accepts a newer compatible minor whose range the shell satisfies', () => {
    expect(findSharedMismatches([{ name: 'antd', version: '6.7.0', requiredVersion: '^6.0.0', singleton: true }], shell)).toEqual([]);
  });

  it('refuses a remote whose singleton version is outside the shell range', () => {
    const mismatches = findSharedMismatches([{ name: 'react/jsx-runtime', version: '18.3.1', requiredVersion: '^18.3.1', singleton: true }], shell);
    expect(mismatches).toEqual([{ name: 'react', remoteVersion: '18.3.1', remoteRange: '^18.3.1', shellVersion: '19.3.1', shellRange: '^19.3.1' }]);
  });

  it('refuses a remote whose own range excludes the version the shell provides', () => {
    const mismatches = findSharedMismatches([{ name: 'antd', version: '6.6.8', requiredVersion: '^6.9.0', singleton: true }], shell);
    expect(mismatches.map((m) => m.name)).toEqual(['antd']);
  });

  it('reports one mismatch per package and ignores non-singletons', () => {
    const remote = [
      { name: 'react', version: '18.0.0', requiredVersion: '^18.0.0', singleton: true },
      { name: 'react/jsx-runtime', version: '18.0.0', requiredVersion: '^18.0.0', singleton: true },
      { name: 'antd', version: '5.0.0', requiredVersion: '^5.0.0', singleton: false },
    ];
    expect(findSharedMismatches(remote, shell).map((m) => m.name)).toEqual(['react']);
  });
});

describe('shellRequirementsFromSharedConfig', () => {
  it('reads versions and ranges from createSharedConfig output', () => {
    const requirements = shellRequirementsFromSharedConfig({
      'react/': { version: '19.3.1', requiredVersion: '^19.3.1' },
      dayjs: { version: '1.11.23', requiredVersion: false },
    });
    expect(requirements).toEqual({ react: { version: '19.3.1', requiredVersion: '^19.3.1' }, dayjs: { version: '1.11.23', requiredVersion: '^1.11.23' } });
  });
});

describe('describeMismatches', () => {
  it('names the package and both ranges', () => {
    const text = describeMismatches('@portal/remote-crm', [
      { name: 'react', remoteVersion: '18.3.1', remoteRange: '^18.3.1', shellVersion: '19.3.1', shellRange: '^19.3.1' },
    ]);
    expect(text).toContain('@portal/remote-crm');
    expect(text).toContain('react: @portal/remote-crm has 18.3.1, requires ^18.3.1; the shell has 19.3.1 and requires ^19.3.1');
  });
});

describe('findUnprovided', () => {
  const provides = { keys: new Set(['react', 'react/jsx-runtime', 'antd']), prefixes: ['dayjs/'] };
  it('accepts keys the shell lists exactly or under a provided prefix', () => {
    expect(
      findUnprovided(
        [
          { name: 'react', version: '19.3.1' },
          { name: 'react/jsx-runtime', version: '19.3.1' },
          { name: 'dayjs/plugin/weekday', version: '1.11.0' },
        ],
        provides,
      ),
    ).toEqual([]);
  });
  it('names each key the shell does not provide once', () => {
    const remote = [
      { name: 'react-dom/client', version: '19.3.1' },
      { name: 'zustand', version: '5.0.0' },
      { name: 'zustand', version: '5.0.0' },
    ];
    expect(findUnprovided(remote, provides)).toEqual(['react-dom/client', 'zustand']);
  });
});
