#!/usr/bin/env node
// The compiled CLI lives in dist/ (built by `npm run build`, which `npm ci` runs through `prepare`).
require('../dist/interfaces/cli/main.js').main(process.argv);
