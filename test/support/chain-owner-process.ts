/**
 * A process that opens the embedded chains of DATA_DIR as `serve` does and keeps them, for tests that kill it:
 * `node -r @swc-node/register` this file with the chain settings in its environment. Prints "ready" once they run.
 */
import { openChains } from '../../src/infrastructure/chain/open-chains';
import { AppConfig } from '../../src/infrastructure/config/config';

openChains(new AppConfig(process.env), { info: () => undefined, debug: () => undefined }).then(
  () => {
    process.stdout.write('ready\n');
    setInterval(() => undefined, 60_000); // held until killed
  },
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack}\n`);
    process.exit(1);
  },
);
