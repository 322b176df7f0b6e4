import { Command } from 'commander';
import { CommandBus } from '@nestjs/cqrs';
import { DisableContact } from '../../application/dns-domains/contact.queries';
import { withApp } from './app-context';
import { CliContext } from './cli-context';

/** `contacts disable <id>`: the operator takes a contact out of use (listed as disabled, named by no new domain). */
export const contactCommands = (cli: Command, print: (line: string) => void, context: () => CliContext): void => {
  cli
    .command('contacts')
    .description('Manage ICANN contacts')
    .command('disable <id>')
    .description('Take a contact out of use: no new registration or change may name it')
    .requiredOption('--reason <text>', 'why, kept in its history')
    .action(async (id: string, { reason }: { reason: string }) =>
      withApp(context(), async (app) => {
        await app.get(CommandBus).execute(new DisableContact(id, reason));
        print(`disabled ${id}`);
      }),
    );
};
