#!/usr/bin/env node
// `npm start`: the CLI's `serve` (arguments after `--` go to it), from dist/ as `npm install` built it. dist/ is
// rebuilt first only when a source changed since, and never emptied (scripts/build.js), so starting a second
// instance, or starting after an edit, leaves an instance already running from this checkout undisturbed.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { ensureBuilt } = require('./build');

const root = path.join(__dirname, '..');
const entry = path.join(root, 'dist', 'interfaces', 'cli', 'main.js');
const say = (line) => process.stderr.write(`domain-engine: ${line}\n`);
try {
  ensureBuilt(root, say);
} catch (error) {
  // installed without the development dependencies (the compiler): run what was built, if anything was
  if (error.code === 'MODULE_NOT_FOUND' && fs.existsSync(entry))
    say('dist/ may be older than src/, but the compiler is not installed: running dist/ as it is');
  else {
    say(`the build failed, nothing started\n${error.message}`);
    process.exit(1);
  }
}
require(entry).main([process.argv[0], process.argv[1], 'serve', ...process.argv.slice(2)]);
