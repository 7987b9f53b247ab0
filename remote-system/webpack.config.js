const { createRemoteWebpackConfig } = require('@portal/shared-ui/build/remote-webpack.cjs');

module.exports = createRemoteWebpackConfig({ name: 'remote_system', dir: __dirname, port: 3004 });
