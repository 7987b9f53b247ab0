import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { portalEslintConfig } from '../shared-core/build/eslint-base.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
/** A LIKE operator as Kysely takes it (the second argument of where(), having(), eb()), in any case: `like`, `ilike`, `not like`, `not ilike`. */
const LIKE = '/^(not )?i?like$/i';
const LIKE_IN_SQL = '/\\bi?like\\b/i';
const USE_CONTAINS_LIKE =
  'Search with containsLike() (modules/shared/contains-search.ts): it escapes the key and says ESCAPE, without which SQLite treats `50%` as a wildcard.';

export default [
  ...portalEslintConfig({ allowedWorkspaceImports: ['@portal/server', '@portal/shared-contract'], react: false, root }),
  {
    // A released migration never changes, so runtime code never depends on one: what both need is
    // copied out (db/search-sql.ts) and a test ties the copies together.
    files: ['src/**/*.ts'],
    ignores: ['src/db/migrate.ts', 'src/db/migrations/**', '**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: './src',
              from: './src/db/migrations',
              message: 'Runtime code never imports a migration (only db/migrate.ts and tests do): copy what it needs out of it, see db/search-sql.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // No bare LIKE: a key's % and _ must be escaped and the ESCAPE clause said (migrations are frozen and left alone).
    files: ['src/**/*.ts'],
    ignores: ['src/db/migrations/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `CallExpression > Literal.arguments:nth-child(2)[value=${LIKE}]`, message: USE_CONTAINS_LIKE },
        { selector: `TaggedTemplateExpression[tag.name='sql'] > TemplateLiteral > TemplateElement[value.raw=${LIKE_IN_SQL}]`, message: USE_CONTAINS_LIKE },
        { selector: `CallExpression[callee.object.name='sql'][callee.property.name='raw'] > Literal[value=${LIKE_IN_SQL}]`, message: USE_CONTAINS_LIKE },
        {
          selector: `CallExpression[callee.object.name='sql'][callee.property.name='raw'] > TemplateLiteral > TemplateElement[value.raw=${LIKE_IN_SQL}]`,
          message: USE_CONTAINS_LIKE,
        },
      ],
    },
  },
];
