/**
 * The jest config of a React package (shared-ui, the remotes): ts-jest, jsdom, colocated tests,
 * the DOM setup antd needs, and stylesheets stubbed out.
 */
const path = require('node:path');

/** @returns {import('jest').Config} */
function createReactJestConfig({ displayName, dir }) {
  return {
    displayName,
    rootDir: dir,
    testEnvironment: 'jsdom',
    roots: ['<rootDir>/src'],
    transform: { '^.+\\.tsx?$': ['ts-jest', { tsconfig: path.join(dir, 'tsconfig.json') }] },
    moduleNameMapper: {
      '\\.css$': path.join(__dirname, 'style-mock.cjs'),
      // @ant-design/icons' CommonJS build requires the ESM build of @ant-design/colors.
      '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
    },
    setupFilesAfterEnv: [path.join(__dirname, 'detached-styles.ts'), path.join(__dirname, 'setup-dom.ts')],
  };
}

module.exports = { createReactJestConfig };
