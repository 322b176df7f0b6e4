import { join } from 'node:path';
import { ESLint } from 'eslint';

/**
 * The layer table of ARCHITECTURE.md as `npm test` checks it (eslint.config.js): each fixture is linted as if it
 * were a file of the named folder, and the import it makes is refused or allowed as the table says.
 */
const root = join(__dirname, '../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require(join(root, 'eslint.config.js'));
const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });

const refusals = async (file: string, source: string): Promise<string[]> => {
  const [result] = await eslint.lintText(`${source}\nexport const used = imported;\n`, { filePath: join(root, file) });
  return result.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
};

describe('the layer table, enforced on imports', () => {
  it.each([
    ['src/domain/billing/fixture.ts', "import { imported } from '../../application/shared/clock';"],
    ['src/domain/billing/fixture.ts', "import { imported } from '../../infrastructure/config/config';"],
    ['src/domain/billing/fixture.ts', "import { imported } from 'pg';"],
    ['src/application/web3/fixture.ts', "import { imported } from '../../projections/billing/billing.queries';"],
    ['src/application/web3/fixture.ts', "import { imported } from '../../infrastructure/runtime';"],
    ['src/projections/billing/fixture.ts', "import { imported } from '../../infrastructure/postgres/database';"],
    [
      'src/interfaces/http/partner-web3/fixture.ts',
      "import { imported } from '../../../infrastructure/config/config';",
    ],
    ['src/interfaces/http/shared/fixture.ts', "import { imported } from '../../../infrastructure/runtime';"],
  ])('%s may not %s', async (file, source) => {
    expect(await refusals(file, source)).toHaveLength(1);
  });

  it.each([
    ['src/domain/billing/fixture.ts', "import { imported } from '../shared/errors';"],
    ['src/domain/billing/fixture.ts', "import { imported } from 'viem';"],
    ['src/application/web3/fixture.ts', "import { imported } from '../../domain/shared/errors';"],
    ['src/projections/billing/fixture.ts', "import { imported } from '../../application/shared/document-store.port';"],
    [
      'src/interfaces/http/partner-web3/fixture.ts',
      "import { imported } from '../../../projections/billing/billing.queries';",
    ],
    ['src/infrastructure/postgres/fixture.ts', "import { imported } from '../../application/shared/event-store.port';"],
    [
      'src/application/web3/fixture.spec.ts',
      "import { imported } from '../../infrastructure/memory/in-memory-event-store';",
    ],
  ])('%s may %s', async (file, source) => {
    expect(await refusals(file, source)).toEqual([]);
  });
});
