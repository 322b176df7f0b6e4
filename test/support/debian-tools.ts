import { spawnSync } from 'node:child_process';

const has = (command: string): boolean => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

/**
 * Makes sure a command from Debian's packages is there (`dig`, `delv`, `ldns-verify-zone`): installs its package
 * when it is missing, refreshing the package lists once if the first try finds nothing. Tests that use outside
 * implementations rely on it rather than on a machine set up by hand.
 */
export const ensureDebianCommand = (command: string, pkg: string): void => {
  if (has(command)) return;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], { stdio: 'ignore', env }).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update'], { stdio: 'ignore', env });
    install();
  }
  if (!has(command)) throw new Error(`${command} (Debian package ${pkg}) is needed and could not be installed`);
};
