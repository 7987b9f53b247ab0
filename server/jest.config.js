/** Server tests: node environment, ts-jest, real HTTP against a temporary database. */
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
