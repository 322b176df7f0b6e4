import 'reflect-metadata';
import { Command, Option } from 'commander';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Role } from '../../infrastructure/config/config';
import { identityCommands } from './accounts';
import type { CliContext } from './cli-context';
import { commerceCommands } from './commerce';
import { contactCommands } from './contacts';
import { priceCommands } from './prices';

const print = (line: string): void => void process.stdout.write(`${line}\n`);

/** The service's version, from its package.json (two levels above dist/ and src/ alike). */
const version = (): string =>
  (JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { version: string }).version;

/**
 * The commands and their options. What a command runs is loaded when it runs (`await import`), so that `--help`,
 * `--version` and a mistake on the command line answer at once, without loading, let alone booting, the application.
 */
const program = (): Command => {
  const cli = new Command('domain-engine')
    .description('An event-sourced domain platform: agent actions, signup, web3 and reseller partner APIs, resolution.')
    .version(version(), '-V, --version', 'print the version and exit')
    .showHelpAfterError()
    .option('--verbose', 'commands other than serve: log at LOG_LEVEL on stderr (otherwise only warnings and errors)');
  const context = async (): Promise<CliContext> =>
    (await import('./cli-context')).cliContext({ verbose: cli.opts<{ verbose?: boolean }>().verbose === true });

  cli
    .command('serve')
    .description('Run the service (embedded PostgreSQL unless DATABASE_URL is set)')
    .addOption(new Option('--role <role>', 'what this process runs').choices(['api', 'worker', 'all']))
    .action(async ({ role }: { role?: Role }) => {
      const serving = (await import('./cli-context')).cliContext({ serving: true });
      await (await import('./serve')).serve(serving, role ?? serving.config.values.role);
    });

  cli
    .command('migrate')
    .description('Apply the database migrations not applied yet')
    .action(async () => {
      const [{ createPool }, { migrate }] = await Promise.all([
        import('../../infrastructure/postgres/database'),
        import('../../infrastructure/postgres/migrations'),
      ]);
      const database = await (await context()).openDatabase();
      const pool = createPool(database.url, 2);
      try {
        const applied = await migrate(pool);
        print(applied.length > 0 ? `applied: ${applied.join(', ')}` : 'the database is up to date');
      } finally {
        await pool.end();
        await database.stop();
      }
    });

  cli
    .command('projections')
    .description('Manage projections')
    .command('rebuild [name]')
    .description('Rebuild one projection, or all, from the first event')
    .action(async (name?: string) =>
      (await import('./projections-rebuild')).rebuildProjections(await context(), name, print),
    );

  cli
    .command('replay <stream>')
    .description("Print a stream's events in order with their time and metadata (the audit replay)")
    .option('--json', 'one JSON object per line')
    .action(async (stream: string, { json }: { json?: boolean }) => {
      const count = await (await import('./replay')).replay(await context(), stream, json === true, print);
      if (count === 0) process.stderr.write(`no events in stream ${stream}\n`);
    });

  cli
    .command('audit <subject> <id>')
    .description(
      'The history of an operation, domain, account, order, listing or wallet, oldest first, from the one log of events',
    )
    .option('--as-of <time>', "only what had happened by this ISO 8601 time, and each stream's state then")
    .option('--json', 'one JSON object per line')
    .action(async (subject: string, id: string, { asOf, json }: { asOf?: string; json?: boolean }) => {
      const count = await (
        await import('./audit')
      ).audit(await context(), subject, id, { asOf, json: json === true }, print);
      if (count === 0) process.stderr.write(`no events of ${subject} ${id}\n`);
    });

  cli
    .command('analytics')
    .description("The operator's analytics (docs/analytics.md)")
    .command('export')
    .description('Print the analytics of a range as CSV: one line per hour or day, metric and dimension')
    .option('--from <time>', 'the start, ISO 8601 (a date alone is its midnight UTC); 7 days (1 by hour) before --to')
    .option('--to <time>', 'the end (exclusive); the end of the current day (or hour) by default')
    .addOption(new Option('--group-by <bucket>', 'the bucket').choices(['hour', 'day']).default('day'))
    .action(async ({ from, to, groupBy }: { from?: string; to?: string; groupBy: 'hour' | 'day' }) =>
      (await import('./analytics-export')).exportAnalytics(await context(), { from, to, groupBy }, (text) =>
        process.stdout.write(text),
      ),
    );

  const clock = cli
    .command('registry')
    .description('Operate the sandbox registry')
    .command('clock')
    .description("The sandbox registry's time, which moves only forward");
  clock
    .command('show')
    .description("Print the registry's time and how far it is ahead")
    .action(async () => (await import('./registry-clock')).registryClock(await context(), undefined, print));
  clock
    .command('advance <duration>')
    .description('Move the registry time forward (45d, 12h, 30m, 10s, 1500ms): expiry and grace periods pass')
    .action(async (duration: string) =>
      (await import('./registry-clock')).registryClock(await context(), duration, print),
    );

  identityCommands(cli, print, context);
  priceCommands(cli, print, context);
  contactCommands(cli, print, context);
  commerceCommands(cli, print, context);

  return cli;
};

export const main = (argv: string[]): void => {
  program()
    .parseAsync(argv)
    .catch((error: unknown) => {
      process.stderr.write(`domain-engine: ${(error as Error).message}\n`);
      process.exit(1);
    });
};
