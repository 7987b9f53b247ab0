/**
 * End-to-end tests: headless Chromium (playwright-core) against the real built portal. The global
 * setup builds what is missing, starts the server on a free port with a fresh DATA_DIR and releases
 * the remotes into it. Run with `npm run test:e2e` from the repository root.
 */
module.exports = {
  displayName: 'e2e',
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  testMatch: ['**/*.e2e.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  testTimeout: 90_000,
  maxWorkers: 1,
};
