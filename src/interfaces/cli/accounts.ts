import { Command, Option } from 'commander';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { IssueCredential } from '../../application/identity/issue-credential.command';
import { OpenAccount } from '../../application/identity/open-account.command';
import { RevokeCredential } from '../../application/identity/revoke-credential.command';
import { TokenSigner } from '../../application/identity/identity.ports';
import { AGENT_SCOPES, isAgentScope } from '../../domain/identity/scopes';
import { PartnerProfile } from '../../domain/identity/account';
import { GetCredential, ListCredentials } from '../../projections/credentials/credential-list.queries';
import { CliContext } from './cli-context';
import { withApp } from './app-context';

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

/** `accounts create-partner`, `keys create|list|revoke`, `oauth rotate-signing-key`. */
export const identityCommands = (cli: Command, print: Print, context: () => CliContext): void => {
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
      withApp(context(), async (app) => {
        const commands = app.get(CommandBus);
        const { accountId } = await commands.execute(new OpenAccount({ kind: 'partner', profile, name }));
        const key = await commands.execute(new IssueCredential(accountId, 'partner_key'));
        print(`account: ${accountId}`);
        print(`profile: ${profile}`);
        print(`key id: ${key.credentialId}`);
        print(`access key (shown once, use as "Authorization: Bearer <key>" on /partner/v3): ${key.secret}`);
      }),
    );

  const keys = cli.command('keys').description('Manage API keys');
  keys
    .command('create')
    .description('Issue a key for an account and print it (shown once)')
    .requiredOption('--account <id>', 'the account')
    .addOption(
      new Option('--kind <kind>', 'agent (surface A), resolution (surface E) or partner (surfaces C and D)')
        .choices(['agent', 'resolution', 'partner'])
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
        kind: 'agent' | 'resolution' | 'partner';
        scopes?: string[];
      }) =>
        withApp(context(), async (app) => {
          if (scopes && kind !== 'agent') throw new Error('--scopes is for agent keys');
          const key = await app.get(CommandBus).execute(new IssueCredential(account, `${kind}_key`, scopes ?? []));
          print(`key id: ${key.credentialId}`);
          if (key.scopes.length > 0) print(`scopes: ${key.scopes.join(' ')}`);
          print(`key (shown once): ${key.secret}`);
        }),
    );
  keys
    .command('list')
    .description('List keys by prefix (never the keys themselves)')
    .option('--account <id>', 'only this account’s keys')
    .action(async ({ account }: { account?: string }) =>
      withApp(context(), async (app) => {
        const rows = await app.get(QueryBus).execute(new ListCredentials(account));
        print(['id', 'account', 'kind', 'prefix', 'created', 'status', 'scopes'].join('\t'));
        for (const row of rows) {
          const status = row.revokedAt === null ? 'active' : `revoked ${new Date(row.revokedAt).toISOString()}`;
          const shown = row.prefix.startsWith('svc_') ? `${row.prefix}…` : row.prefix;
          print(
            [
              row.credentialId,
              row.accountId,
              row.kind,
              shown,
              new Date(row.createdAt).toISOString(),
              status,
              row.scopes.join(' '),
            ].join('\t'),
          );
        }
      }),
    );
  keys
    .command('revoke <id>')
    .description('Revoke a key: it authenticates nothing from the next request on')
    .action(async (id: string) =>
      withApp(context(), async (app) => {
        const row = await app.get(QueryBus).execute(new GetCredential(id));
        if (!row) throw new Error(`no key ${id}`);
        await app.get(CommandBus).execute(new RevokeCredential(id, row.secretDigest));
        print(`revoked ${id}`);
      }),
    );

  cli
    .command('oauth')
    .description('OAuth server administration')
    .command('rotate-signing-key')
    .description('Sign new tokens with a new key; tokens signed before stay valid until they expire')
    .action(async () =>
      withApp(context(), async (app) => print(`signing with key ${await app.get(TokenSigner).rotate()}`)),
    );
};
