const { createRemoteWebpackConfig } = require('@portal/shared-ui/build/remote-webpack.cjs');

module.exports = createRemoteWebpackConfig({ name: 'remote_bi', dir: __dirname, port: 3003 });
