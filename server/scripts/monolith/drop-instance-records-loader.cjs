/**
 * Monolith benchmark only (see webpack.config.cjs): replaces `import * as antd from 'antd'` (and the
 * React and TanStack Query namespaces) in the modules that record shared instances for the end-to-end
 * check by empty objects, so that the monolith tree-shakes antd as a monolith without that check would.
 */
const NAMESPACE_IMPORT = /^import \* as (React|antd|reactQuery) from '(?:react|antd|@tanstack\/react-query)';$/gm;

module.exports = function dropInstanceRecords(source) {
  let replaced = 0;
  const out = source.replace(NAMESPACE_IMPORT, (_line, name) => {
    replaced += 1;
    return `const ${name} = {};`;
  });
  if (!/import \* as antd/.test(source) || replaced === 0) {
    throw new Error(`${this.resourcePath}: no \`import * as antd\` to drop; update server/scripts/monolith/drop-instance-records-loader.cjs`);
  }
  return out;
};
