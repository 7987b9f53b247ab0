/** @type {import('jest').Config} */
module.exports = {
  displayName: 'shell',
  testEnvironment: '<rootDir>/jest-environment.js',
  roots: ['<rootDir>/src'],
  setupFilesAfterEnv: ['<rootDir>/src/test-setup.ts'],
  moduleNameMapper: { '\\.css$': '<rootDir>/src/test-style-stub.js' },
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
  },
  // Workspace packages are TypeScript source.
  transformIgnorePatterns: ['/node_modules/(?!@portal/)'],
};
