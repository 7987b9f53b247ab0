const path = require('node:path');

/** @ant-design/colors (under @ant-design/icons) points jsdom's browser condition at its ES build; use its CommonJS build. */
const iconsDir = path.dirname(require.resolve('@ant-design/icons/package.json'));
const antColorsCjs = require.resolve('@ant-design/colors', { paths: [iconsDir] });

/** @type {import('jest').Config} */
module.exports = {
  displayName: 'shell',
  testEnvironment: '<rootDir>/jest-environment.js',
  roots: ['<rootDir>/src'],
  setupFilesAfterEnv: ['<rootDir>/src/test-setup.ts'],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/src/test-style-stub.js',
    '^@ant-design/colors$': antColorsCjs,
  },
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
  },
  // Workspace packages are TypeScript source.
  transformIgnorePatterns: ['/node_modules/(?!@portal/)'],
};
