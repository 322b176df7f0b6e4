import 'reflect-metadata';
import { Command, Option } from 'commander';
import { Role } from '../../infrastructure/config/config';
import { createPool } from '../../infrastructure/postgres/database';
import { migrate } from '../../infrastructure/postgres/migrations';
import { identityCommands } from './accounts';
import { CliContext, cliContext } from './cli-context';
import { contactCommands } from './contacts';
import { priceCommands } from './prices';
import { rebuildProjections } from './projections-rebuild';
import { registryClock } from './registry-clock';
import { replay } from './replay';
import { serve } from './serve';

const print = (line: string): void => void process.stdout.write(`${line}\n`);

const program = (): Command => {
  const cli = new Command('domain-engine')
    .description('An event-sourced domain platform: agent actions, signup, web3 and reseller partner APIs, resolution.')
    .showHelpAfterError()
    .option('--verbose', 'commands other than serve: log at LOG_LEVEL on stderr (otherwise only warnings and errors)');
  const context = (): CliContext => cliContext({ verbose: cli.opts<{ verbose?: boolean }>().verbose === true });

  cli
    .command('serve')
    .description('Run the service (embedded PostgreSQL unless DATABASE_URL is set)')
    .addOption(new Option('--role <role>', 'what this process runs').choices(['api', 'worker', 'all']))
    .action(async ({ role }: { role?: Role }) => {
      const serving = cliContext({ serving: true });
      await serve(serving, role ?? serving.config.values.role);
    });

  cli
    .command('migrate')
    .description('Apply the database migrations not applied yet')
    .action(async () => {
      const database = await context().openDatabase();
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
    .action(async (name?: string) => rebuildProjections(context(), name, print));

  cli
    .command('replay <stream>')
    .description("Print a stream's events in order with their time and metadata (the audit replay)")
    .option('--json', 'one JSON object per line')
    .action(async (stream: string, { json }: { json?: boolean }) => {
      const count = await replay(context(), stream, json === true, print);
      if (count === 0) process.stderr.write(`no events in stream ${stream}\n`);
    });

  const clock = cli
    .command('registry')
    .description('Operate the sandbox registry')
    .command('clock')
    .description("The sandbox registry's time, which moves only forward");
  clock
    .command('show')
    .description("Print the registry's time and how far it is ahead")
    .action(async () => registryClock(context(), undefined, print));
  clock
    .command('advance <duration>')
    .description('Move the registry time forward (45d, 12h, 30m, 10s, 1500ms): expiry and grace periods pass')
    .action(async (duration: string) => registryClock(context(), duration, print));

  identityCommands(cli, print, context);
  priceCommands(cli, print, context);
  contactCommands(cli, print, context);

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
