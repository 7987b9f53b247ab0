/**
 * The ESLint flat config every package uses. `allowedWorkspaceImports` says which of our packages a
 * package may import, which keeps imports one way (shared-core → shared-ui → shell/remotes) and keeps
 * the remotes independent: a remote never imports the shell or another remote.
 */
import tseslint from 'typescript-eslint';

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

/**
 * @param {{ allowedWorkspaceImports: string[], browser?: boolean }} options
 */
export function portalEslintConfig({ allowedWorkspaceImports, browser = false }) {
  const forbidden = WORKSPACE_PACKAGES.filter((name) => !allowedWorkspaceImports.includes(name));
  return tseslint.config(
    { ignores: ['dist/**', 'coverage/**', '**/*.cjs', '**/*.js', '**/*.mjs'] },
    ...tseslint.configs.recommended,
    {
      files: ['**/*.ts', '**/*.tsx'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...forbidden.map((name) => ({
                group: [name, `${name}/*`],
                message: `${name} may not be imported here (see ARCHITECTURE.md: imports flow shared → features → app; remotes never import the shell or each other).`,
              })),
              { group: ['../../*/src/*', '**/shell/src/*', '**/remote-*/src/*'], message: 'Import workspace packages by name, not by relative path into another package.' },
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
                { paths: [{ name: '@portal/shared-contract', allowTypeImports: true, message: 'Import only types from @portal/shared-contract in browser code (import type); data lives under its subpaths.' }] },
              ],
            }
          : {}),
      },
    },
    {
      files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
      rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
    },
  );
}
