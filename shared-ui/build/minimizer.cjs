/**
 * The one JavaScript minifier of the production builds (shell and remotes): SWC's minifier through
 * terser-webpack-plugin. It writes output as small as terser's (brotli within 1 %, smaller on the
 * shell) in about a third of terser's CPU time (terser took ~44 of the shell's 60 CPU-seconds, much
 * of it on TinyMCE). esbuild's minifier is as fast but wrote the shell 9 % larger after brotli
 * (remoteEntry.js 60 % larger).
 */
const TerserPlugin = require('terser-webpack-plugin');

/** @returns {import('webpack').WebpackPluginInstance[]} */
function minimizers() {
  return [
    new TerserPlugin({
      minify: TerserPlugin.swcMinify,
      // `passes: 2` is webpack's own terser default; comments (licence headers included) go to
      // the LICENSE.txt files terser-webpack-plugin writes beside each chunk.
      terserOptions: { compress: { passes: 2 } },
    }),
  ];
}

module.exports = { minimizers };
