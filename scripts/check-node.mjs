// Runs before `npm start` and `npm test` on whatever Node the shell has, so it uses no syntax or API newer than Node 12.
// npm puts node_modules/.bin first on a script's PATH, where the `node` devDependency installs Node 24: this check
// only fails when that install step was skipped (install scripts denied, or `--ignore-scripts`).
const REQUIRED = [22, 12];
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < REQUIRED[0] || (major === REQUIRED[0] && minor < REQUIRED[1])) {
  console.error(
    [
      '',
      `✖ This project needs Node ${REQUIRED.join('.')} or newer; this script ran on Node ${process.versions.node}.`,
      '  `npm install` normally brings its own Node 24 (the `node` devDependency, node_modules/.bin/node).',
      '  Fix: run `npm install` again with install scripts allowed (package.json `allowScripts` approves `node`),',
      '  or install Node 24 yourself (`nvm install` reads .nvmrc).',
      '',
    ].join('\n'),
  );
  process.exit(1);
}
