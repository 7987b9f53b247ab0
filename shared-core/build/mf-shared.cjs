/**
 * The Module Federation `shared` config used by all five webpack configs (shell and remotes), so every
 * app shares one React, one antd, one router, one TanStack Query and one shared-core/shared-ui instance.
 * Trailing-slash keys share deep imports (react-dom/client, react/jsx-runtime); without them those
 * load twice. Workspace packages get explicit versions because they are not published.
 */
const fs = require('node:fs');
const path = require('node:path');

const SHARED_SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router-dom',
  'antd',
  '@portal/antd-lists',
  '@portal/antd-forms',
  '@ant-design/cssinjs',
  'dayjs',
  'dayjs/',
  'zustand',
  // One QueryClient cache for the whole portal: its context and cache must be one module instance.
  '@tanstack/react-query',
];
const WORKSPACE_SINGLETONS = ['@portal/shared-core', '@portal/shared-ui', '@portal/shared-ui-forms'];

/**
 * Shared keys the providing app shares as a facade, a module re-exporting only the names the portal
 * uses, so webpack tree-shakes the rest of the package (a provided module counts as fully used, so
 * sharing `antd` whole put every antd component into the first load after login; issue #13). Remotes
 * consume the key as before and may use only the facade's names: shared-exports-plugin.cjs checks
 * every build, and `pnpm release` checks each remote against the shell it would run in.
 */
const SHARED_FACADES = {
  antd: path.join(__dirname, 'antd-facade.mjs'),
  '@portal/antd-lists': path.join(__dirname, 'antd-facade-lists.mjs'),
  '@portal/antd-forms': path.join(__dirname, 'antd-facade-forms.mjs'),
  '@portal/shared-ui': path.resolve(__dirname, '../../shared-ui/src/parts/lists.ts'),
  '@portal/shared-ui-forms': path.resolve(__dirname, '../../shared-ui/src/parts/forms.ts'),
  'react-router-dom': path.join(__dirname, 'react-router-facade.mjs'),
};

/**
 * Packages shared in parts: sources import them by their own name, each build points every imported
 * name at the key of the part that re-exports it (facade-parts-loader.cjs). The first key is the
 * package's own. The parts load at different times (issue #13: the workbench loaded every antd
 * component any page uses, the customer list all of shared-ui): antd's layout part with the layout,
 * its lists part with the first list, its forms part with the first form, detail or modal opened;
 * shared-ui's lists part with the first list, its forms part with the first form engine, picker or
 * widget.
 */
const FACADE_PARTS = {
  antd: ['antd', '@portal/antd-lists', '@portal/antd-forms'],
  '@portal/shared-ui': ['@portal/shared-ui', '@portal/shared-ui-forms'],
};

/** The package a shared key stands for: itself, or the package it is a part of. */
function packageOfKey(key) {
  const bare = key.endsWith('/') ? key.slice(0, -1) : key;
  const whole = Object.keys(FACADE_PARTS).find((pkg) => FACADE_PARTS[pkg].includes(bare));
  return whole ?? bare;
}

/** The names a facade re-exports, from its `export { … } from '…'` statements (its only statements). */
function facadeExports(key) {
  const file = SHARED_FACADES[key];
  if (!file) return undefined;
  const code = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  const statements = [...code.matchAll(/\bexport\s*\{([^}]*)\}\s*from\s*['"][^'"]+['"];?/g)];
  const rest = statements.reduce((text, [statement]) => text.replace(statement, ''), code).trim();
  if (statements.length === 0 || rest !== '') throw new Error(`${file}: expected only \`export { … } from '…'\` statements`);
  return statements
    .flatMap(([, list]) => list.split(','))
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => {
      if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`${file}: "${name}" is not a plain re-exported name`);
      return name;
    });
}

/** A facade resolves its package from shared-core; the app must have the very same installed copy. */
function assertSameInstall(pkg, appDir) {
  const real = (from) => fs.realpathSync(path.dirname(require.resolve(`${pkg}/package.json`, { paths: [from] })));
  if (real(appDir) !== real(__dirname)) {
    throw new Error(
      `${pkg} installed for ${appDir} (${real(appDir)}) differs from shared-core's (${real(__dirname)}), which its facade re-exports; align the versions`,
    );
  }
}

/** Version of a package as installed for the app in `appDir`. */
function installedVersion(pkg, appDir) {
  const pkgJson = require.resolve(`${pkg}/package.json`, { paths: [appDir] });
  return require(pkgJson).version;
}

/**
 * @param {string} appDir the app's folder (its node_modules decide the versions)
 * @param {{ hostProvides?: boolean }} [options] `hostProvides`: the app runs only inside the shell,
 *   which provides every shared module, so it builds no fallback copies of them (`import: false`).
 *   The remotes' production builds use it: their fallbacks (antd, React, TinyMCE via shared-ui …)
 *   were never loaded, yet were 99 % of each remote's output and ~20 CPU-seconds of its build.
 *   `pnpm release` refuses a remote that needs a shared module the current shell does not provide.
 *   Otherwise a key with a facade (SHARED_FACADES) provides the facade (`import: <facade file>`).
 * @returns {Record<string, {singleton: true, version: string, requiredVersion: string, import?: false | string}>}
 */
function createSharedConfig(appDir, options = {}) {
  const shared = {};
  for (const key of [...SHARED_SINGLETONS, ...WORKSPACE_SINGLETONS]) {
    const pkg = packageOfKey(key);
    const version = installedVersion(pkg, appDir);
    let source = {};
    if (options.hostProvides) source = { import: false };
    else if (SHARED_FACADES[key]) {
      // A workspace package is its source folder: there is no other install to differ from.
      if (!WORKSPACE_SINGLETONS.includes(pkg)) assertSameInstall(pkg, appDir);
      source = { import: SHARED_FACADES[key] };
    }
    shared[key] = { singleton: true, version, requiredVersion: `^${version}`, ...source };
  }
  return shared;
}

module.exports = {
  createSharedConfig,
  facadeExports,
  FACADE_PARTS,
  SHARED_FACADES,
  SHARED_SINGLETONS,
  WORKSPACE_SINGLETONS,
  sharedCoreDir: path.resolve(__dirname, '..'),
};
