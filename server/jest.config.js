/** Server tests: node environment, ts-jest, real HTTP against a temporary database. */
// Cheaper password hashes in tests (scrypt N=1024 instead of 16384; see password.ts scryptCost):
// set here so that the seeded template (globalSetup) and every worker hash alike.
process.env.PORTAL_TEST_SCRYPT_N ??= '1024';
// globalSetup loads the server with node's own resolution, which takes the contract's dist/.
require('../shared-contract/scripts/ensure-built.cjs').ensureContractBuilt();
module.exports = {
  displayName: 'server',
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  // The contract's TypeScript source, not its build (node resolves the package to dist/ at run time).
  moduleNameMapper: { '^@portal/shared-contract$': '<rootDir>/../shared-contract/src/index.ts' },
  testTimeout: 30000,
  setupFilesAfterEnv: ['<rootDir>/test/timeout.ts'],
  // One migrated and seeded demo database per run; each server starts from a copy (test/harness.ts).
  globalSetup: '<rootDir>/test/seeded-template.ts',
  globalTeardown: '<rootDir>/test/seeded-template-teardown.ts',
};
