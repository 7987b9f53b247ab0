/**
 * One webpack config for the four remotes (crm, oa, bi, system), so they cannot drift apart.
 *
 * Production: a Module Federation container only (`remoteEntry.js` + `mf-manifest.json` + hashed
 * chunks) exposing `./routes`, with `publicPath: 'auto'` so the build can be copied into any
 * versioned folder under /mf/.
 * Development (`webpack serve`): the same container for the shell on the remote's port (CORS open),
 * plus a standalone page (`src/standalone.tsx`) that renders the remote on its own and reaches the
 * API on :8080 through the dev-server proxy.
 *
 * Build tools are resolved from the remote's folder, not from shared-ui, because they are the
 * remote's dev dependencies.
 */
const path = require('node:path');
const { createRequire } = require('node:module');
const { precompressPlugins } = require('./precompress.cjs');
const { minimizers } = require('./minimizer.cjs');

/** API prefixes the server answers (spec paths are case-insensitive: /api, /Api, /main). */
const API_PATH = /^\/(api|main)\//i;

/**
 * @param {{name: string, dir: string, port: number, apiTarget?: string}} options
 *   name: the MF container name (`remote_crm`); dir: the remote's folder (`__dirname`);
 *   port: the dev-server port; apiTarget: where the standalone dev page's API calls go.
 * @returns {(env: unknown, argv: {mode?: string}) => import('webpack').Configuration}
 */
function createRemoteWebpackConfig({ name, dir, port, apiTarget = process.env.API_TARGET || 'http://localhost:8080' }) {
  const remoteRequire = createRequire(path.join(dir, 'package.json'));
  const { ModuleFederationPlugin } = remoteRequire('@module-federation/enhanced/webpack');
  const HtmlWebpackPlugin = remoteRequire('html-webpack-plugin');
  const { createSharedConfig } = remoteRequire('@portal/shared-core/build/mf-shared.cjs');
  const { SharedExportsPlugin } = remoteRequire('@portal/shared-core/build/shared-exports-plugin.cjs');
  const packageJson = remoteRequire('./package.json');

  return (_env, argv) => {
    const production = argv.mode === 'production';
    const hashed = production ? '.[contenthash:8]' : '';

    return {
      mode: production ? 'production' : 'development',
      context: dir,
      // The container entry comes from the MF plugin; the standalone page exists only in dev.
      entry: production ? {} : { standalone: './src/standalone.tsx' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: 'auto',
        uniqueName: `portal_${name}`,
        filename: `[name]${hashed}.js`,
        chunkFilename: `[name]${hashed}.js`,
        assetModuleFilename: `assets/[name]${hashed}[ext]`,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'] },
      module: {
        rules: [
          {
            // Our own TypeScript, including the workspace packages (symlinks resolve outside node_modules).
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            use: [
              // Runs after esbuild: points each antd name at the shared part providing it (mf-shared.cjs).
              { loader: remoteRequire.resolve('@portal/shared-core/build/facade-parts-loader.cjs') },
              { loader: remoteRequire.resolve('esbuild-loader'), options: { target: 'es2020', jsx: 'automatic' } },
            ],
          },
          { test: /\.css$/, use: [remoteRequire.resolve('style-loader'), remoteRequire.resolve('css-loader')] },
        ],
      },
      optimization: production ? { minimizer: minimizers() } : {},
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: { './routes': './src/routes.tsx' },
          manifest: true,
          shared: createSharedConfig(dir, { hostProvides: production }),
          shareStrategy: 'loaded-first',
          dts: false,
          // In production the shell provides the Module Federation runtime, so each remoteEntry.js no
          // longer carries its own copy; the standalone dev page has no shell and keeps its own.
          ...(production ? { experiments: { externalRuntime: true } } : {}),
        }),
        // The remote's antd imports must be names the shell's antd facade provides: checked here and
        // recorded in dist/shared-exports.json for `pnpm release`, which checks them against the shell.
        new SharedExportsPlugin({ provides: !production }),
        ...(production
          ? precompressPlugins()
          : [
              new HtmlWebpackPlugin({
                title: `${packageJson.name}（独立运行）`,
                chunks: ['standalone'],
                // Absolute script URLs: the standalone router serves deep links like /customer/watched.
                publicPath: '/',
                templateContent: ({ htmlWebpackPlugin }) =>
                  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${htmlWebpackPlugin.options.title}</title></head><body><div id="root"></div></body></html>`,
              }),
            ]),
      ],
      devServer: {
        port,
        hot: true,
        historyApiFallback: true,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
          'Access-Control-Allow-Headers': 'Content-Type, authkey',
        },
        proxy: [{ context: (pathname) => API_PATH.test(pathname), target: apiTarget, changeOrigin: true }],
        client: { overlay: { warnings: false, errors: true } },
      },
    };
  };
}

module.exports = { createRemoteWebpackConfig };
