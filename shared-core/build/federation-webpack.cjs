/**
 * Makes @module-federation/enhanced 2.9.2 work with the workspace's webpack 5.112.
 *
 * 1. enhanced declares webpack as an optional peer, and pnpm installs it without one, so the plugin
 *    cannot `require('webpack/lib/...')` from its own folder. FEDERATION_WEBPACK_PATH (read by
 *    @module-federation/sdk's normalizeWebpackPath) points it at the app's webpack.
 * 2. webpack 5.107+ reorganised `lib/` into folders (`lib/ChunkGraph.js` → `lib/graph/ChunkGraph.js`,
 *    `lib/util/semver.js` → `lib/sharing/semver.js`, …) and 5.112 no longer keeps the old paths.
 *    A resolver hook maps an old `webpack/lib/<path>` that no longer exists to the file of the same
 *    name in its new folder (names are unique in lib/). Only requests into webpack's lib/ are touched.
 *
 * Call `useAppWebpackForFederation(__dirname)` before requiring '@module-federation/enhanced/webpack'.
 */
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');

let installed = false;

/** basename (without .js) → absolute path, for every file in webpack's lib/ whose name is unique. */
function indexWebpackLib(libDir) {
  const seen = new Map();
  const duplicates = new Set();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.js')) {
        const name = entry.name.slice(0, -3);
        if (seen.has(name)) duplicates.add(name);
        else seen.set(name, full);
      }
    }
  };
  walk(libDir);
  for (const name of duplicates) seen.delete(name);
  return seen;
}

/**
 * The webpack that runs this build: the one webpack-cli already loaded (pnpm may hold several copies
 * of the same version, and mixing them breaks webpack's instanceof checks), else the app's own.
 */
function runningWebpack(appDir) {
  const loaded = Object.keys(require.cache).find((file) => /[\\/]webpack[\\/]lib[\\/]index\.js$/.test(file));
  return loaded ?? require.resolve('webpack', { paths: [appDir] });
}

/** @param {string} appDir the app's folder (its webpack is used when none is loaded yet) */
function useAppWebpackForFederation(appDir) {
  const webpackMain = runningWebpack(appDir);
  process.env.FEDERATION_WEBPACK_PATH ||= webpackMain;
  if (installed) return;
  installed = true;

  const libDir = path.dirname(webpackMain);
  let index = null;
  const originalResolve = Module._resolveFilename;
  Module._resolveFilename = function resolveMovedWebpackLib(request, parent, ...rest) {
    try {
      return originalResolve.call(this, request, parent, ...rest);
    } catch (error) {
      const oldPath = request.startsWith(libDir + path.sep) ? request : null;
      if (!oldPath || error.code !== 'MODULE_NOT_FOUND') throw error;
      index ??= indexWebpackLib(libDir);
      const moved = index.get(path.basename(oldPath, '.js'));
      if (!moved) throw error;
      return moved;
    }
  };
}

module.exports = { useAppWebpackForFederation };
