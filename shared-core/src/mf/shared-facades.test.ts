/** @jest-environment node */
/**
 * The shell shares antd as a facade in three parts (shared-core/build/antd-facade.mjs for the layout,
 * antd-facade-lists.mjs and antd-facade-forms.mjs) re-exporting only the names the
 * portal imports; a name it lacks is `undefined` at run time and crashes the page that renders it,
 * only when it renders. The facade is kept by hand (a reviewed list: removing a name can break a
 * released remote, which a generated list would do silently), and this test reads every source file
 * of the shell, shared-ui, shared-core and the four remotes, so a new `import { X } from 'antd'`
 * fails here before any build. (Each build checks the same through webpack: shared-exports-plugin.cjs.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as ts from 'typescript';

const requireHere = createRequire(__filename);
const { facadeExports, FACADE_PARTS } = requireHere('../../build/mf-shared.cjs') as {
  facadeExports: (key: string) => string[];
  FACADE_PARTS: Record<string, string[]>;
};
const repoRoot = path.resolve(__dirname, '../../..');
const APPS = ['shell', 'shared-ui', 'shared-core', 'remote-crm', 'remote-oa', 'remote-bi', 'remote-system'];

/** antd's runtime exports, from its es/index.js (`export { default as X } …`, `export const x …`). */
function antdRuntimeExports(): Set<string> {
  const index = readFileSync(path.join(path.dirname(requireHere.resolve('antd/package.json')), 'es', 'index.js'), 'utf8');
  return new Set([...index.matchAll(/export \{ default as (\w+) \}|export const (\w+)/g)].map((m) => m[1] ?? m[2]));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Value names imported from `moduleName` (type-only imports are erased and need nothing at run time). */
function importsFrom(file: string, moduleName: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const names: string[] = [];
  for (const statement of source.statements) {
    const from = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
    if (!from || !ts.isStringLiteral(from) || from.text !== moduleName) continue;
    if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly) continue;
      if (statement.exportClause && ts.isNamedExports(statement.exportClause))
        for (const el of statement.exportClause.elements) if (!el.isTypeOnly) names.push((el.propertyName ?? el.name).text);
      continue;
    }
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) continue;
    if (clause.name) names.push('default');
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) if (!el.isTypeOnly) names.push((el.propertyName ?? el.name).text);
  }
  return names;
}

describe('the antd facade', () => {
  // antd is shared in three parts (mf-shared.cjs FACADE_PARTS): the layout's, the lists' and the forms' names.
  const parts = FACADE_PARTS.antd;
  const facade = parts.flatMap((key) => facadeExports(key));
  const runtime = antdRuntimeExports();

  it('is shared in three parts, the first under antd itself', () => {
    expect(parts).toEqual(['antd', '@portal/antd-lists', '@portal/antd-forms']);
  });

  it('lists each name sorted within its part, in one part only, and only names antd exports', () => {
    for (const key of parts) {
      const names = facadeExports(key);
      expect(names).toEqual([...new Set(names)].sort((a, b) => a.localeCompare(b, 'en')));
    }
    expect(facade.filter((name, i) => facade.indexOf(name) !== i)).toEqual([]);
    expect(facade.filter((name) => !runtime.has(name))).toEqual([]);
  });

  it('provides every antd name the shell, shared-ui, shared-core and the remotes import', () => {
    const provided = new Set(facade);
    const missing = new Map<string, string[]>();
    let scanned = 0;
    for (const app of APPS) {
      for (const file of sourceFiles(path.join(repoRoot, app, 'src'))) {
        scanned += 1;
        // Names antd does not export at run time are types (`import { FormInstance } from 'antd'`).
        for (const name of importsFrom(file, 'antd').filter((n) => runtime.has(n) || n === 'default')) {
          if (!provided.has(name)) missing.set(name, [...(missing.get(name) ?? []), path.relative(repoRoot, file)]);
        }
      }
    }
    expect(scanned).toBeGreaterThan(100);
    // Add these names to the part of shared-core/build/antd-facade*.mjs that loads when they are first needed:
    expect(Object.fromEntries(missing)).toEqual({});
  });

  it('is not re-exported wholesale (export * from antd cannot be checked)', () => {
    const wholesale = APPS.flatMap((app) => sourceFiles(path.join(repoRoot, app, 'src')))
      .filter((file) => {
        const code = readFileSync(file, 'utf8');
        return /export \* (as \w+ )?from 'antd'/.test(code);
      })
      .map((file) => path.relative(repoRoot, file));
    expect(wholesale).toEqual([]);
  });
});

describe('shared-ui in parts', () => {
  // shared-ui/src/index.ts is what sources and tests import; Module Federation shares its values in
  // two parts (shared-ui/src/parts/lists.ts and forms.ts). A value in neither part would be undefined
  // in the builds; a value in both would load the forms part with every list.
  const parts = FACADE_PARTS['@portal/shared-ui'];

  function indexValueExports(): string[] {
    const file = path.join(repoRoot, 'shared-ui', 'src', 'index.ts');
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    return source.statements.flatMap((statement) => {
      if (!ts.isExportDeclaration(statement) || statement.isTypeOnly || !statement.exportClause || !ts.isNamedExports(statement.exportClause)) return [];
      return statement.exportClause.elements.filter((el) => !el.isTypeOnly).map((el) => el.name.text);
    });
  }

  it('puts every value index.ts exports in exactly one part', () => {
    expect(parts).toEqual(['@portal/shared-ui', '@portal/shared-ui-forms']);
    const inParts = parts.flatMap((key) => facadeExports(key));
    expect(inParts.filter((name, i) => inParts.indexOf(name) !== i)).toEqual([]);
    expect([...inParts].sort()).toEqual(indexValueExports().sort());
  });

  it('keeps the form engine, pickers and widgets out of the lists part', () => {
    expect(facadeExports('@portal/shared-ui')).toEqual(expect.arrayContaining(['ListPage', 'WhenOpened', 'AppNotifierBridge']));
    expect(facadeExports('@portal/shared-ui')).not.toEqual(expect.arrayContaining(['DynamicForm']));
    expect(facadeExports('@portal/shared-ui-forms')).toEqual(expect.arrayContaining(['DynamicForm', 'UserPicker', 'UploadWidget', 'ImportWizard']));
  });
});

describe('the react-router facade', () => {
  const facade = facadeExports('react-router-dom');
  // react-router-dom's runtime exports (its CommonJS build, as jest loads it).
  const runtime = new Set(Object.keys(requireHere('react-router-dom') as object));

  it('lists each name once, and only names react-router-dom exports', () => {
    expect(new Set(facade).size).toBe(facade.length);
    expect(facade.filter((name) => !runtime.has(name))).toEqual([]);
  });

  it('provides every react-router-dom name the shell, shared-ui, shared-core and the remotes import', () => {
    const provided = new Set(facade);
    const missing = new Map<string, string[]>();
    for (const app of APPS) {
      for (const file of sourceFiles(path.join(repoRoot, app, 'src'))) {
        for (const name of importsFrom(file, 'react-router-dom').filter((n) => runtime.has(n) || n === 'default')) {
          if (!provided.has(name)) missing.set(name, [...(missing.get(name) ?? []), path.relative(repoRoot, file)]);
        }
      }
    }
    // Add these names to shared-core/build/react-router-facade.mjs:
    expect(Object.fromEntries(missing)).toEqual({});
  });

  it('is the only importer of react-router, which is no longer shared', () => {
    const direct = APPS.flatMap((app) => sourceFiles(path.join(repoRoot, app, 'src')))
      .filter((file) => /from 'react-router(\/[^']*)?'/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(repoRoot, file));
    expect(direct).toEqual([]);
  });
});
