const { createReactJestConfig } = require('./test/react-jest-config.cjs');

module.exports = createReactJestConfig({ displayName: 'shared-ui', dir: __dirname });
