import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');

/**
 * `npm start` and `npm run build` on a checkout of their own: a small project with the real scripts, compiler and
 * swc settings, whose CLI entry prints the arguments it was started with and a value from another module.
 */
const checkout = (): string => {
  const root = mkdtempSync(join(tmpdir(), 'domain-engine-build-'));
  mkdirSync(join(root, 'scripts'));
  for (const script of ['build.js', 'start.js'])
    copyFileSync(join(ROOT, 'scripts', script), join(root, 'scripts', script));
  copyFileSync(join(ROOT, '.swcrc'), join(root, '.swcrc'));
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
  const source = (file: string, text: string) => {
    mkdirSync(join(root, 'src', file, '..'), { recursive: true });
    writeFileSync(join(root, 'src', file), text);
  };
  source(
    'interfaces/cli/main.ts',
    "import { VERSION } from './version';\nexport const main = (argv: string[]): void => void process.stdout.write(JSON.stringify({ args: argv.slice(2), version: VERSION }));\n",
  );
  source('interfaces/cli/version.ts', 'export const VERSION: number = 1;\n');
  source('extra/old.ts', 'export const old = true;\n');
  source('extra/old.spec.ts', "it('is a test', () => undefined);\n");
  return root;
};

const start = (root: string, ...args: string[]) => {
  const run = spawnSync(process.execPath, [join(root, 'scripts', 'start.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
};

/**
 * Each compiled file with the inode and modification time it has now: a file written again, or removed and created
 * anew, shows.
 */
const snapshot = (root: string): Record<string, string> => {
  const dist = join(root, 'dist');
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  return Object.fromEntries(
    walk(dist).map((file) => [file.slice(dist.length + 1), `${statSync(file).ino}@${statSync(file).mtimeMs}`]),
  );
};

describe('npm start and npm run build', () => {
  it('runs serve with its arguments, building dist/ only when it is missing', () => {
    const root = checkout();
    const first = start(root, '--role', 'api');
    expect(first).toMatchObject({ code: 0, stderr: 'domain-engine: building dist/\n' });
    expect(JSON.parse(first.stdout)).toEqual({ args: ['serve', '--role', 'api'], version: 1 });
    expect(existsSync(join(root, 'dist', 'extra', 'old.spec.js'))).toBe(false);

    const built = snapshot(root);
    const again = start(root);
    expect(again).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(again.stdout)).toEqual({ args: ['serve'], version: 1 });
    expect(snapshot(root)).toEqual(built); // nothing compiled, written or removed
  });

  it('rebuilds in place after a source changed: changed files replaced, the others untouched, deleted sources’ outputs gone', () => {
    const root = checkout();
    start(root);
    const before = snapshot(root);
    writeFileSync(join(root, 'src', 'interfaces', 'cli', 'version.ts'), 'export const VERSION: number = 2;\n');
    rmSync(join(root, 'src', 'extra', 'old.ts'));

    const rebuilt = start(root);
    expect(rebuilt.stderr).toBe('domain-engine: sources changed since the last build: building dist/\n');
    expect(JSON.parse(rebuilt.stdout)).toEqual({ args: ['serve'], version: 2 });
    const after = snapshot(root);
    // what a running instance loaded from dist/ stays in place: the entry it started from was never rewritten
    expect(after['interfaces/cli/main.js']).toBe(before['interfaces/cli/main.js']);
    expect(after['interfaces/cli/version.js']).not.toBe(before['interfaces/cli/version.js']);
    expect(Object.keys(after).filter((file) => file.startsWith('extra'))).toEqual([]);
    expect(existsSync(join(root, 'dist', 'extra'))).toBe(false);
    expect(readdirSync(root).filter((name) => name.startsWith('.dist-build-'))).toEqual([]); // nothing left aside
    // the source maps still point at the sources
    expect(JSON.parse(readFileSync(join(root, 'dist', 'interfaces', 'cli', 'version.js.map'), 'utf8')).sources).toEqual(
      ['../../../src/interfaces/cli/version.ts'],
    );
  });

  it('leaves dist/ as it was when the compiler fails, and starts nothing', () => {
    const root = checkout();
    start(root);
    const before = snapshot(root);
    writeFileSync(join(root, 'src', 'interfaces', 'cli', 'version.ts'), 'export const VERSION: number = (;\n');
    const failed = start(root);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toBe('');
    expect(failed.stderr).toContain('domain-engine: the build failed, nothing started');
    expect(snapshot(root)).toEqual(before);
  });

  it('is what package.json runs: start and build never delete dist/ first, install builds once', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts).toMatchObject({
      start: 'node scripts/start.js',
      build: 'node scripts/build.js',
      prepare: 'npm run build',
    });
  });
});
