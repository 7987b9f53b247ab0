/**
 * The monolith of `pnpm bench:monolith` (server/scripts/monolith-size.mjs): the shell and the four
 * remotes' pages built as one webpack app with no Module Federation, to compare the bytes a browser
 * downloads with the federated portal's. A benchmark only: no app builds with it, nothing is released.
 *
 * It is the shell's own production config (same esbuild-loader rules, the same minifier from
 * shared-ui/build/minimizer.cjs, the same precompression from shared-ui/build/precompress.cjs, the same
 * HTML pages, default code splitting) with these changes:
 * - no ModuleFederationPlugin: nothing is shared at run time, so webpack tree-shakes antd (its ES
 *   build is side-effect free) and splits chunks across the whole app;
 * - the entry is src/boot.tsx: index.ts's dynamic import is Module Federation's async boundary;
 * - src/remotes/load-remote-areas.ts is replaced by ./load-remote-areas.ts, which imports the remotes'
 *   `routes` modules with `import()` (one lazy chunk per area, loaded at the same moment as the
 *   federated portal loads them), so /mf/registry.json is never read;
 * - the shell's facade-parts-loader.cjs and SharedExportsPlugin are left out: antd is imported as
 *   antd, not in shared parts;
 * - ./drop-instance-records-loader.cjs turns the `import * as antd` (and React, TanStack Query) that
 *   only feed `recordSharedInstances`, the end-to-end check that Module Federation shares one instance,
 *   into empty objects: a namespace passed to a function keeps every export, i.e. all of antd.
 *
 * `webpack --config server/scripts/monolith/webpack.config.cjs --mode production --env out=<dir>`
 */
const path = require('node:path');
const { createRequire } = require('node:module');

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const shellDir = path.join(repoRoot, 'shell');
const shellRequire = createRequire(path.join(shellDir, 'package.json'));
const webpack = shellRequire('webpack');
const shellConfig = require(path.join(shellDir, 'webpack.config.js'));

const ORIGINAL_LOADER = path.join(shellDir, 'src', 'remotes', 'load-remote-areas.ts');
const STATIC_LOADER = path.join(__dirname, 'load-remote-areas.ts');
/** The modules whose namespace imports only feed recordSharedInstances. */
const INSTANCE_RECORDERS = [
  path.join(shellDir, 'src', 'bootstrap.tsx'),
  ...['crm', 'oa', 'bi', 'system'].map((area) => path.join(repoRoot, `remote-${area}`, 'src', 'routes.tsx')),
];

/** The shell's rule without facade-parts-loader.cjs: with nothing shared, `antd` is antd itself. */
function withoutFacadeParts(rule) {
  if (!Array.isArray(rule.use)) return rule;
  return { ...rule, use: rule.use.filter((use) => !String(use.loader ?? use).endsWith('facade-parts-loader.cjs')) };
}

module.exports = (env = {}, argv = {}) => {
  if (argv.mode !== 'production') throw new Error('the monolith benchmark builds in production mode only (--mode production)');
  if (!env.out) throw new Error("--env out=<dir>: where the monolith goes (a temporary folder, never an app's dist)");
  const config = shellConfig(env, argv);
  const federation = config.plugins.filter((plugin) => plugin.constructor.name === 'ModuleFederationPlugin');
  if (federation.length !== 1) throw new Error(`expected one ModuleFederationPlugin in the shell's config, found ${federation.length}`);
  return {
    ...config,
    context: shellDir,
    entry: { main: './src/boot.tsx' },
    output: { ...config.output, path: path.resolve(env.out), uniqueName: 'portal_monolith' },
    module: {
      ...config.module,
      rules: [
        { test: (file) => INSTANCE_RECORDERS.includes(file), enforce: 'pre', loader: path.join(__dirname, 'drop-instance-records-loader.cjs') },
        ...config.module.rules.map(withoutFacadeParts),
      ],
    },
    plugins: [
      // Nothing is shared, so the check of names against the shared antd parts does not apply either.
      ...config.plugins.filter((plugin) => !federation.includes(plugin) && plugin.constructor.name !== 'SharedExportsPlugin'),
      new webpack.NormalModuleReplacementPlugin(/[\\/]remotes[\\/]load-remote-areas\.ts$/, (result) => {
        if (result.createData?.resource === ORIGINAL_LOADER) result.createData.resource = STATIC_LOADER;
      }),
    ],
    devServer: undefined,
  };
};
