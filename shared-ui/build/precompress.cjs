/**
 * Brotli and gzip siblings (`x.js.br`, `x.js.gz`) of every built text asset, written at build time so
 * that release folders carry them and the server sends them as they are (@fastify/static
 * `preCompressed`), with no compression work per request. Used by the shell's and the remotes'
 * production builds.
 */
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');

const TEXT_ASSET = /\.(js|mjs|css|html|json|svg|txt)$/;

/** @returns {import('webpack').WebpackPluginInstance[]} */
function precompressPlugins() {
  const common = { test: TEXT_ASSET, threshold: 1024, minRatio: 0.9 };
  return [
    new CompressionPlugin({ ...common, algorithm: 'gzip', filename: '[path][base].gz', compressionOptions: { level: 9 } }),
    new CompressionPlugin({
      ...common,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
    }),
  ];
}

module.exports = { precompressPlugins };
