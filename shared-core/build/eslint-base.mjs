/**
 * The ESLint flat config every package uses. `allowedWorkspaceImports` says which of our packages a
 * package may import, which keeps imports one way (shared-core → shared-ui → shell/remotes) and keeps
 * the remotes independent: a remote never imports the shell or another remote.
 *
 * Inside a package: no import cycles (import-x/no-cycle, resolved with the package's tsconfig), and in a
 * package with `src/features/<feature>/` (the remotes) a feature imports no other feature and shared code
 * (`src/lib/`) imports no feature: imports flow shared → features → app (the modules directly in `src/`:
 * `routes.tsx`, `standalone*.tsx`, a page that composes two features), as ARCHITECTURE.md says. Client packages also get the rules of hooks.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export { importX };

const WORKSPACE_PACKAGES = [
  '@portal/shared-core',
  '@portal/shared-contract',
  '@portal/shared-ui',
  '@portal/shell',
  '@portal/remote-crm',
  '@portal/remote-oa',
  '@portal/remote-bi',
  '@portal/remote-system',
  '@portal/server',
];

/** One zone per feature: `src/features/<a>` may import nothing under `src/features/` but itself. */
function featureZones(root) {
  const featuresDir = path.join(root, 'src', 'features');
  if (!fs.existsSync(featuresDir)) return [];
  const features = fs
    .readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return [
    ...features.map((feature) => ({
      target: `./src/features/${feature}`,
      from: './src/features',
      except: [`./${feature}`],
      message: 'A feature imports no other feature: move what both need to src/lib/ (or to shared-core / shared-ui), or compose them in src/routes.tsx.',
    })),
    {
      target: './src/lib',
      from: './src/features',
      message: 'Shared code (src/lib/) imports no feature: imports flow shared → features → app.',
    },
    {
      target: ['./src/features', './src/lib'],
      from: './src/*.{ts,tsx}',
      message:
        'The app modules (src/routes.tsx, src/standalone*.tsx, pages that compose features) compose features; features and shared code never import them.',
    },
  ];
}

/**
 * @param {{ allowedWorkspaceImports: string[], browser?: boolean, react?: boolean, root?: string }} options
 *   `browser`: browser code, which takes only types from the wire contract.
 *   `react` (default true): the package holds React code, so the rules of hooks apply.
 *   `root` (default the working directory, which `pnpm lint` sets to the package): where tsconfig.json and src/ are.
 */
export function portalEslintConfig({ allowedWorkspaceImports, browser = false, react = true, root = process.cwd() }) {
  const forbidden = WORKSPACE_PACKAGES.filter((name) => !allowedWorkspaceImports.includes(name));
  const zones = featureZones(root);
  return tseslint.config(
    { ignores: ['dist/**', 'coverage/**', '**/*.cjs', '**/*.js', '**/*.mjs'] },
    ...tseslint.configs.recommended,
    {
      files: ['**/*.ts', '**/*.tsx'],
      plugins: { 'import-x': importX },
      settings: {
        'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx'],
        'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })],
      },
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...forbidden.map((name) => ({
                group: [name, `${name}/*`],
                message: `${name} may not be imported here (see ARCHITECTURE.md: imports flow shared → features → app; remotes never import the shell or each other).`,
              })),
              {
                group: ['../../*/src/*', '**/shell/src/*', '**/remote-*/src/*'],
                message: 'Import workspace packages by name, not by relative path into another package.',
              },
            ],
          },
        ],
        '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
        '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
        // Browser code takes only types from the wire contract, so no TypeBox runtime lands in a bundle;
        // data both sides use lives under a subpath without TypeBox (@portal/shared-contract/customer-views).
        ...(browser
          ? {
              '@typescript-eslint/no-restricted-imports': [
                'error',
                {
                  paths: [
                    {
                      name: '@portal/shared-contract',
                      allowTypeImports: true,
                      message: 'Import only types from @portal/shared-contract in browser code (import type); data lives under its subpaths.',
                    },
                  ],
                },
              ],
            }
          : {}),
        // Cycles inside this package (other workspace packages can't close one: their imports flow one way).
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
        ...(zones.length > 0 ? { 'import-x/no-restricted-paths': ['error', { basePath: root, zones }] } : {}),
      },
    },
    ...(react
      ? [
          {
            files: ['**/*.ts', '**/*.tsx'],
            plugins: { 'react-hooks': reactHooks },
            rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
          },
        ]
      : []),
    {
      files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
      rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
    },
  );
}
