const path = require('node:path');

/** @ant-design/icons' CommonJS build requires @ant-design/colors/es/* (ES modules); point it at colors' CommonJS build. */
const iconsDir = path.dirname(require.resolve('@ant-design/icons/package.json'));
const antColorsLib = path.dirname(require.resolve('@ant-design/colors', { paths: [iconsDir] }));

/** @type {import('jest').Config} */
module.exports = {
  displayName: 'shell',
  testEnvironment: '<rootDir>/jest-environment.js',
  roots: ['<rootDir>/src'],
  // antd's styles outside the document: jsdom's getComputedStyle stays cheap (see shared-ui/test/detached-styles.ts).
  setupFilesAfterEnv: [require.resolve('@portal/shared-ui/test/detached-styles'), '<rootDir>/src/test-setup.ts'],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/src/test-style-stub.js',
    '^@ant-design/colors/es/(.*)$': `${antColorsLib}/$1`,
  },
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
  },
  // Workspace packages are TypeScript source.
  transformIgnorePatterns: ['/node_modules/(?!@portal/)'],
};
