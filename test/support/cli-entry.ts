/** The CLI from the sources, for tests: `node -r @swc-node/register test/support/cli-entry.ts <command>`. */
import { main } from '../../src/interfaces/cli/main';

main(process.argv);
