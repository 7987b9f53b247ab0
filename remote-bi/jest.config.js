const { createReactJestConfig } = require('@portal/shared-ui/test/react-jest-config.cjs');

module.exports = createReactJestConfig({ displayName: 'remote-bi', dir: __dirname });
