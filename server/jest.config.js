/** Server tests: node environment, ts-jest, real HTTP against a temporary database. */
// Cheaper password hashes in tests (scrypt N=1024 instead of 16384; see password.ts scryptCost):
// set here so that the seeded template (globalSetup) and every worker hash alike.
process.env.PORTAL_TEST_SCRYPT_N ??= '1024';
module.exports = {
  displayName: 'server',
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  testTimeout: 30000,
  setupFilesAfterEnv: ['<rootDir>/test/timeout.ts'],
  // One migrated and seeded demo database per run; each server starts from a copy (test/harness.ts).
  globalSetup: '<rootDir>/test/seeded-template.ts',
  globalTeardown: '<rootDir>/test/seeded-template-teardown.ts',
};
