/**
 * Compiles the contract to dist/ (CommonJS + declarations) when a source file is newer than the
 * build. Node loads the package from dist/ (the server's production build, jest's globalSetup, tsx);
 * bundlers and TypeScript read src/. Called by the server's jest config; `prepare` builds on install.
 */
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const root = path.join(__dirname, '..');
const stamp = path.join(root, 'dist', 'index.js');

function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(file) : fs.statSync(file).mtimeMs);
  }
  return latest;
}

function ensureContractBuilt() {
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  if (built >= Math.max(newest(path.join(root, 'src')), fs.statSync(path.join(root, 'tsconfig.build.json')).mtimeMs)) return false;
  fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc', { paths: [root] }), '-p', path.join(root, 'tsconfig.build.json')], {
    stdio: 'inherit',
  });
  return true;
}

module.exports = { ensureContractBuilt };
if (require.main === module) ensureContractBuilt();
