/**
 * The Module Federation `shared` config used by all five webpack configs (shell and remotes), so every
 * app shares one React, one antd, one router, one TanStack Query and one shared-core/shared-ui instance.
 * Trailing-slash keys share deep imports (react-dom/client, react/jsx-runtime); without them those
 * load twice. Workspace packages get explicit versions because they are not published.
 */
const path = require('node:path');

const SHARED_SINGLETONS = [
  'react', 'react/', 'react-dom', 'react-dom/', 'react-router', 'react-router-dom',
  'antd', '@ant-design/cssinjs', 'dayjs', 'dayjs/', 'zustand', 'axios',
  // One QueryClient cache for the whole portal: its context and cache must be one module instance.
  '@tanstack/react-query',
];
const WORKSPACE_SINGLETONS = ['@portal/shared-core', '@portal/shared-ui'];

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
 * @returns {Record<string, {singleton: true, version: string, requiredVersion: string, import?: false}>}
 */
function createSharedConfig(appDir, options = {}) {
  const shared = {};
  for (const key of [...SHARED_SINGLETONS, ...WORKSPACE_SINGLETONS]) {
    const pkg = key.endsWith('/') ? key.slice(0, -1) : key;
    const version = installedVersion(pkg, appDir);
    shared[key] = { singleton: true, version, requiredVersion: `^${version}`, ...(options.hostProvides ? { import: false } : {}) };
  }
  return shared;
}

module.exports = { createSharedConfig, SHARED_SINGLETONS, WORKSPACE_SINGLETONS, sharedCoreDir: path.resolve(__dirname, '..') };
