/**
 * Checks, in every build of the shell and the remotes, that the names the app imports from a key the
 * shell shares as a facade (mf-shared.cjs SHARED_FACADES: antd's and shared-ui's parts, after
 * facade-parts-loader.cjs, and react-router-dom) are names that facade re-exports, and records them in
 * `dist/shared-exports.json`:
 *
 *   { "uses": { "antd": ["Button", …] }, "provides": { "antd": [ …the facade's names… ] } }
 *
 * `provides` only in builds that provide the facade (the shell, a remote's dev build). A
 * missing name fails the build naming the name and the modules importing it: without the check it
 * would be `undefined` at run time and crash the page that renders it, only when it renders.
 * `pnpm release` compares a remote's `uses` with the released shell's `provides`
 * (server/src/release/shared-exports.ts).
 *
 * The names come from webpack's own dependency graph (every `import { X } from 'antd'`, `antd.X`
 * through a namespace import, `export { X } from 'antd'`), after TypeScript types are erased, so type
 * imports do not count. A namespace object used whole (`recordSharedInstances(…, { antd })`) reads no
 * name; `export * from 'antd'` cannot be checked and fails the build.
 */
const { facadeExports, SHARED_FACADES } = require('./mf-shared.cjs');

/** Shared key → its facade file and the names it provides. */
const FACADES = Object.fromEntries(Object.entries(SHARED_FACADES).map(([key, file]) => [key, { file, names: () => facadeExports(key) }]));

const PLUGIN = 'SharedExportsPlugin';
const ASSET = 'shared-exports.json';

class SharedExportsPlugin {
  /** @param {{ provides: boolean }} options `provides`: this build provides the facades (not `hostProvides`). */
  constructor({ provides }) {
    this.provides = provides;
  }

  apply(compiler) {
    const { WebpackError, Compilation, sources } = compiler.webpack;
    const keys = Object.keys(FACADES);
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      /** key → name → modules importing it */
      let uses = new Map();
      compilation.hooks.finishModules.tap(PLUGIN, (modules) => {
        uses = new Map(keys.map((key) => [key, new Map()]));
        const root = compiler.context;
        const visit = (module, block) => {
          for (const dep of block.dependencies) {
            const names = uses.get(dep.request);
            if (!names || typeof dep.getIds !== 'function') continue;
            const ids = dep.getIds(compilation.moduleGraph);
            let name = ids[0];
            // `export * from 'antd'`: a star re-export, no name of its own.
            if (name === undefined && dep.constructor.name === 'HarmonyExportImportedSpecifierDependency' && dep.name === null) name = '*';
            if (name === undefined) continue;
            const where = module.resource ? module.resource.replace(`${root}/`, '') : module.identifier();
            if (!names.has(name)) names.set(name, new Set());
            names.get(name).add(where);
          }
          for (const child of block.blocks) visit(module, child);
        };
        for (const module of modules) visit(module, module);

        for (const [key, names] of uses) {
          const provided = new Set(FACADES[key].names());
          const missing = [...names].filter(([name]) => !provided.has(name)).sort(([a], [b]) => a.localeCompare(b));
          if (missing.length === 0) continue;
          const lines = missing.map(
            ([name, where]) =>
              `  - ${name === '*' ? `export * from '${key}' (re-export the names one by one)` : name}: imported by ${[...where].sort().join(', ')}`,
          );
          const error = new WebpackError(
            [
              `The shared '${key}' is a facade (${FACADES[key].file}) that lacks names this build imports.`,
              `Add them to the facade (for antd and shared-ui, shared in parts: to the part of mf-shared.cjs FACADE_PARTS that loads when they are first needed), then rebuild and deploy the shell before releasing a remote that needs them:`,
              ...lines,
            ].join('\n'),
          );
          error.hideStack = true;
          compilation.errors.push(error);
        }
      });
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const record = { uses: Object.fromEntries([...uses].map(([key, names]) => [key, [...names.keys()].sort()])) };
        if (this.provides) record.provides = Object.fromEntries(keys.map((key) => [key, FACADES[key].names()]));
        compilation.emitAsset(ASSET, new sources.RawSource(`${JSON.stringify(record, null, 2)}\n`));
      });
    });
  }
}

module.exports = { SharedExportsPlugin, SHARED_EXPORTS_ASSET: ASSET };
