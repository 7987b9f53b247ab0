/**
 * The host app: webpack 5 + Module Federation 2 with no build-time remotes. Remotes are found at
 * run time from /mf/registry.json (see src/remotes/), so the shell builds with no remote online.
 */
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { createSharedConfig } = require('@portal/shared-core/build/mf-shared.cjs');
const { SharedExportsPlugin } = require('@portal/shared-core/build/shared-exports-plugin.cjs');
const { precompressPlugins } = require('@portal/shared-ui/build/precompress.cjs');
const { minimizers } = require('@portal/shared-ui/build/minimizer.cjs');

const API_ORIGIN = process.env.API_ORIGIN || 'http://localhost:8080';
const TITLE = '销售管理系统';

/**
 * A page of public/ with its `<%= htmlWebpackPlugin.options.x %>` filled in, read at each build, for
 * html-webpack-plugin's `templateContent`. Its `template` option compiles the page in a child
 * compilation, into which Module Federation also put every module the shell shares (antd, React,
 * shared-ui …): built twice, the shell's build took 65 CPU-s with it, 27 without.
 */
function htmlPage(file, values) {
  return () => {
    const filled = values();
    return fs.readFileSync(path.join(__dirname, 'public', file), 'utf8').replace(/<%= htmlWebpackPlugin\.options\.(\w+) %>/g, (_, key) => {
      if (!(key in filled)) throw new Error(`public/${file}: no value for ${key}`);
      return filled[key];
    });
  };
}

module.exports = (_env, argv) => {
  const production = argv.mode === 'production';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/index.ts' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      uniqueName: 'portal_shell',
      filename: production ? 'js/[name].[contenthash:8].js' : 'js/[name].js',
      chunkFilename: production ? 'js/[name].[contenthash:8].js' : 'js/[name].js',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        {
          // Our own TS/TSX, workspace packages (consumed as source) included.
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          use: [
            // Runs after esbuild: points each antd name at the shared part providing it (mf-shared.cjs).
            { loader: require.resolve('@portal/shared-core/build/facade-parts-loader.cjs') },
            { loader: 'esbuild-loader', options: { target: 'es2020', jsx: 'automatic' } },
          ],
        },
        { test: /\.css$/, use: ['style-loader', 'css-loader'] },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell',
        shared: createSharedConfig(__dirname),
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
        // The shell carries the one Module Federation runtime; production remotes use it (externalRuntime).
        experiments: { provideExternalRuntime: true },
      }),
      // provideExternalRuntime injects its plugin as CommonJS (dist/index.cjs), which requires the CommonJS
      // build of runtime-core and sdk, beside the ES build the bundler runtime imports: main.js carried the
      // runtime twice (~10 KiB brotli before login). Its ES build imports the same ES modules as the runtime.
      new webpack.NormalModuleReplacementPlugin(/[\\/]inject-external-runtime-core-plugin[\\/]dist[\\/]index\.cjs$/, (resource) => {
        resource.request = resource.request.replace(/index\.cjs$/, 'index.js');
      }),
      // The shell shares antd as a facade (only the names the portal uses); this checks the shell's
      // own antd imports against it and writes dist/shared-exports.json, which `pnpm release` reads.
      new SharedExportsPlugin({ provides: true }),
      new HtmlWebpackPlugin({ templateContent: htmlPage('index.html', () => ({ title: TITLE })) }),
      // /login arrives with the form already drawn (its CSS inline, the markup LoginForm renders first,
      // kept equal by login-prerender.test.tsx); boot.tsx hydrates it (issue #13: LCP before any script).
      new HtmlWebpackPlugin({
        filename: 'login.html',
        templateContent: htmlPage('login.html', () => ({
          title: TITLE,
          loginCss: fs
            .readFileSync(path.join(__dirname, 'src/auth/login-page.css'), 'utf8')
            .replace(/\/\*[\s\S]*?\*\//g, '')
            .replace(/\s*\n\s*/g, ''),
          loginMarkup: fs.readFileSync(path.join(__dirname, 'src/auth/login-prerender.html'), 'utf8').trim(),
        })),
      }),
      ...(production ? precompressPlugins() : []),
    ],
    optimization: production ? { minimizer: minimizers() } : {},
    performance: { hints: false },
    devServer: {
      port: 3000,
      historyApiFallback: true,
      hot: true,
      proxy: [{ context: ['/api', '/Api', '/main', '/hub', '/mf'], target: API_ORIGIN, ws: true, changeOrigin: false }],
    },
  };
};
