/**
 * The server tests' timeout (30 s, as `server/jest.config.js` says). jest reads `testTimeout` only
 * from the root config, so in the root multi-project run (`npm test`) the server tests fell back to
 * jest's 5 s; setting it here applies it in every run.
 */
jest.setTimeout(30_000);
