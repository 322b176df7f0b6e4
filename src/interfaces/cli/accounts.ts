import { Command, Option } from 'commander';
import { AGENT_SCOPES, isAgentScope } from '../../domain/identity/scopes';
import type { PartnerProfile } from '../../domain/identity/account';
import type { CliContext } from './cli-context';

type Print = (line: string) => void;

const parseScopes = (value: string): string[] => {
  const scopes = value
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
  const unknown = scopes.filter((scope) => !isAgentScope(scope));
  if (unknown.length > 0) throw new Error(`unknown scope ${unknown.join(', ')}; scopes are ${AGENT_SCOPES.join(', ')}`);
  return scopes;
};

/** `accounts create-partner`, `operators create`, `keys create|list|revoke`, `oauth rotate-signing-key`. */
/** The actions, loaded when one runs: `--help` and mistakes on the command line load no application. */
const actions = () => import('./accounts.actions');

export const identityCommands = (cli: Command, print: Print, context: () => Promise<CliContext>): void => {
  cli
    .command('accounts')
    .description('Manage accounts')
    .command('create-partner')
    .description('Open a partner account and print its access key (shown once)')
    .addOption(
      new Option('--profile <profile>', 'which partner API it uses')
        .choices(['web3', 'reseller'])
        .makeOptionMandatory(),
    )
    .requiredOption('--name <name>', 'the partner’s name')
    .action(async ({ profile, name }: { profile: PartnerProfile; name: string }) =>
      (await actions()).createPartner(await context(), print, profile, name),
    );

  cli
    .command('operators')
    .description('Manage operators')
    .command('create')
    .description('Open an operator account and print its key for /console and /operator/v1 (shown once)')
    .requiredOption('--name <name>', 'who operates with it')
    .action(async ({ name }: { name: string }) => (await actions()).createOperator(await context(), print, name));

  const keys = cli.command('keys').description('Manage API keys');
  keys
    .command('create')
    .description('Issue a key for an account and print it (shown once)')
    .requiredOption('--account <id>', 'the account')
    .addOption(
      new Option(
        '--kind <kind>',
        'agent (surface A), resolution (surface E), partner (surfaces C and D) or operator (/console, /operator/v1)',
      )
        .choices(['agent', 'resolution', 'partner', 'operator'])
        .makeOptionMandatory(),
    )
    .option(
      '--scopes <scopes>',
      `agent keys only, comma-separated (default: all of ${AGENT_SCOPES.join(', ')})`,
      parseScopes,
    )
    .action(
      async ({
        account,
        kind,
        scopes,
      }: {
        account: string;
        kind: 'agent' | 'resolution' | 'partner' | 'operator';
        scopes?: string[];
      }) => (await actions()).createKey(await context(), print, account, kind, scopes),
    );
  keys
    .command('list')
    .description('List keys by prefix (never the keys themselves)')
    .option('--account <id>', 'only this account’s keys')
    .action(async ({ account }: { account?: string }) => (await actions()).listKeys(await context(), print, account));
  keys
    .command('revoke <id>')
    .description('Revoke a key: it authenticates nothing from the next request on')
    .action(async (id: string) => (await actions()).revokeKey(await context(), print, id));

  cli
    .command('oauth')
    .description('OAuth server administration')
    .command('rotate-signing-key')
    .description('Sign new tokens with a new key; tokens signed before stay valid until they expire')
    .action(async () => (await actions()).rotateSigningKey(await context(), print));
};
