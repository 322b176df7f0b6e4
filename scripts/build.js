#!/usr/bin/env node
// Compiles src/ into dist/ (`npm run build`, and `npm install` through `prepare`) while a service may be running
// from dist/: the new files are compiled aside and moved in one by one (a rename replaces a file whole, and a
// process that already loaded the old one keeps it), unchanged files are left as they are, and only the outputs
// of deleted sources are removed, after a successful compile. dist/ itself is never emptied.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const STAMP = '.build-stamp';
const STAGING_PREFIX = '.dist-build-';
const ENTRY = path.join('interfaces', 'cli', 'main.js');
const isSpec = (name) => name.endsWith('.spec.ts');

/** The newest change under src/ (and .swcrc): directories count too, as removing a source changes its directory. */
const newestInput = (root) => {
  const newest = (dir) =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return Math.max(latest, newest(file));
      return isSpec(entry.name) ? latest : Math.max(latest, fs.statSync(file).mtimeMs);
    }, fs.statSync(dir).mtimeMs);
  const swcrc = path.join(root, '.swcrc');
  return Math.max(newest(path.join(root, 'src')), fs.existsSync(swcrc) ? fs.statSync(swcrc).mtimeMs : 0);
};

/** dist/ is missing, incomplete, or older than a source. The stamp holds the newest input the last build compiled. */
const isStale = (root) => {
  const dist = path.join(root, 'dist');
  const stamp = path.join(dist, STAMP);
  if (!fs.existsSync(path.join(dist, ENTRY)) || !fs.existsSync(stamp)) return true;
  return newestInput(root) > Number(fs.readFileSync(stamp, 'utf8'));
};

const filesUnder = (dir, base = dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(file, base) : [path.relative(base, file)];
  });

const sameContent = (a, b) => fs.existsSync(b) && fs.readFileSync(a).equals(fs.readFileSync(b));

const removeEmptyDirectories = (dir) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) removeEmptyDirectories(path.join(dir, entry.name));
  }
  if (fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
};

const swcBinary = () => require.resolve('@swc/cli/bin/swc.js');

/** Compiles and installs dist/; throws with the compiler's output when it fails (dist/ is then left untouched). */
const build = (root) => {
  const inputs = newestInput(root);
  const dist = path.join(root, 'dist');
  fs.mkdirSync(dist, { recursive: true });
  // beside dist/: on the same file system, so the renames below are atomic, and at the same depth, so the source
  // maps' relative paths to src/ hold once the files are moved
  const staging = fs.mkdtempSync(path.join(root, STAGING_PREFIX));
  try {
    const args = [swcBinary(), 'src', '-d', staging, '--strip-leading-paths', '--quiet', '--ignore', '**/*.spec.ts'];
    const compiled = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
    if (compiled.status !== 0)
      throw new Error(`swc failed (${compiled.status ?? compiled.signal}):\n${compiled.stdout}${compiled.stderr}`);
    const outputs = filesUnder(staging);
    for (const file of outputs) {
      const target = path.join(dist, file);
      if (sameContent(path.join(staging, file), target)) continue;
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.renameSync(path.join(staging, file), target);
    }
    const current = new Set(outputs);
    const stale = filesUnder(dist).filter((file) => !current.has(file) && !file.startsWith(STAMP));
    for (const file of stale) fs.rmSync(path.join(dist, file), { force: true });
    fs.writeFileSync(path.join(dist, `${STAMP}.${process.pid}`), String(inputs));
    fs.renameSync(path.join(dist, `${STAMP}.${process.pid}`), path.join(dist, STAMP));
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  for (const entry of fs.readdirSync(dist, { withFileTypes: true })) {
    if (entry.isDirectory()) removeEmptyDirectories(path.join(dist, entry.name));
  }
};

/** Builds only when dist/ is stale; returns whether it built. */
const ensureBuilt = (root, log = () => undefined) => {
  if (!isStale(root)) return false;
  log(
    fs.existsSync(path.join(root, 'dist', ENTRY))
      ? 'sources changed since the last build: building dist/'
      : 'building dist/',
  );
  build(root);
  return true;
};

module.exports = { build, ensureBuilt, isStale };

if (require.main === module) {
  try {
    build(path.join(__dirname, '..'));
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
