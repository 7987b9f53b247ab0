/**
 * A webpack loader for our own sources (after esbuild): points each name imported from a package that
 * is shared in parts (mf-shared.cjs FACADE_PARTS: antd) at the shared key of the part re-exporting it.
 *
 *   import { Button, Table as AntTable } from "antd";
 *   → import { Button } from "antd"; import { Table as AntTable } from "@portal/antd-pages";
 *
 * Sources and their tests keep importing `antd`; only the builds of the shell and the remotes see the
 * part keys, so a module that renders a table loads the pages' part and the layout does not.
 * A name in no part stays on the package's own key, where shared-exports-plugin.cjs fails the build
 * naming it. Namespace and default imports (`import * as antd`) stay on the package's own key, the
 * first part. The rewrite stays on the statement's line, so line numbers of the source map hold.
 */
const { FACADE_PARTS, SHARED_FACADES, facadeExports } = require('./mf-shared.cjs');

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Per package shared in parts: name → the key of the part that provides it. */
function partsByName() {
  const parts = new Map();
  for (const [pkg, keys] of Object.entries(FACADE_PARTS)) {
    const byName = new Map();
    for (const key of keys) for (const name of facadeExports(key)) byName.set(name, key);
    parts.set(pkg, byName);
  }
  return parts;
}

/**
 * Rewrites `import { … } from '<pkg>'` statements of `code` as one import per part.
 * @param {string} code ES module code (esbuild's output: type-only imports are already gone)
 * @param {Map<string, Map<string, string>>} parts from partsByName()
 */
function splitPartImports(code, parts) {
  let result = code;
  for (const [pkg, keyOf] of parts) {
    const escaped = pkg.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    const statement = new RegExp(`\\bimport\\s*\\{([^}]*)\\}\\s*from\\s*(["'])${escaped}\\2\\s*;?`, 'g');
    result = result.replace(statement, (whole, list, quote) => {
      const byKey = new Map();
      for (const raw of list.split(',')) {
        const specifier = raw.trim();
        if (specifier === '') continue;
        const [imported, ...rest] = specifier.split(/\s+as\s+/);
        if (!IDENTIFIER.test(imported) || rest.length > 1) return whole; // not a plain specifier: leave the statement as it is
        const key = keyOf.get(imported) ?? pkg;
        if (!byKey.has(key)) byKey.set(key, []);
        byKey.get(key).push(specifier);
      }
      if (byKey.size === 0) return whole;
      return [...byKey].map(([key, specifiers]) => `import { ${specifiers.join(', ')} } from ${quote}${key}${quote};`).join(' ');
    });
  }
  return result;
}

/** The parts, read once per compilation (a rebuild in watch mode reads the facades again). */
const partsOfCompilation = new WeakMap();

module.exports = function facadePartsLoader(code, map) {
  for (const pkg of Object.keys(FACADE_PARTS)) for (const key of FACADE_PARTS[pkg]) this.addDependency(SHARED_FACADES[key]);
  if (!partsOfCompilation.has(this._compilation)) partsOfCompilation.set(this._compilation, partsByName());
  this.callback(null, splitPartImports(code, partsOfCompilation.get(this._compilation)), map);
};
module.exports.splitPartImports = splitPartImports;
module.exports.partsByName = partsByName;
