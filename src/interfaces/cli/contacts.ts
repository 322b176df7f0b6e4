import { Command } from 'commander';
import type { CliContext } from './cli-context';

/** `contacts disable <id>`: the operator takes a contact out of use (listed as disabled, named by no new domain). */
export const contactCommands = (
  cli: Command,
  print: (line: string) => void,
  context: () => Promise<CliContext>,
): void => {
  cli
    .command('contacts')
    .description('Manage ICANN contacts')
    .command('disable <id>')
    .description('Take a contact out of use: no new registration or change may name it')
    .requiredOption('--reason <text>', 'why, kept in its history')
    .action(async (id: string, { reason }: { reason: string }) => {
      // loaded only when the command runs: `--help` loads no application
      const [{ CommandBus }, { DisableContact }, { withApp }] = await Promise.all([
        import('@nestjs/cqrs'),
        import('../../application/dns-domains/contact.queries'),
        import('./app-context'),
      ]);
      await withApp(await context(), [], async (app) => {
        await app.get(CommandBus).execute(new DisableContact(id, reason));
        print(`disabled ${id}`);
      });
    });
};
