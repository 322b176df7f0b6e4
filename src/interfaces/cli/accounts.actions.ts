import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { IssueCredential } from '../../application/identity/issue-credential.command';
import { TokenSigner } from '../../application/identity/identity.ports';
import { OpenAccount } from '../../application/identity/open-account.command';
import { RevokeCredential } from '../../application/identity/revoke-credential.command';
import { PartnerProfile } from '../../domain/identity/account';
import { credentialList } from '../../projections/credentials/credential-list.projection';
import { GetCredential, ListCredentials } from '../../projections/credentials/credential-list.queries';
import { withApp } from './app-context';
import { CliContext } from './cli-context';

type Print = (line: string) => void;

/** What `accounts` and `keys` do, loaded only when one of them runs (`accounts.ts` declares them). */
export const createPartner = (context: CliContext, print: Print, profile: PartnerProfile, name: string) =>
  withApp(context, [], async (app) => {
    const commands = app.get(CommandBus);
    const { accountId } = await commands.execute(new OpenAccount({ kind: 'partner', profile, name }));
    const key = await commands.execute(new IssueCredential(accountId, 'partner_key'));
    print(`account: ${accountId}`);
    print(`profile: ${profile}`);
    print(`key id: ${key.credentialId}`);
    print(`access key (shown once, use as "Authorization: Bearer <key>" on /partner/v3): ${key.secret}`);
  });

/** An operator: an account of its own, whose key opens the operator API and the console, and nothing else. */
export const createOperator = (context: CliContext, print: Print, name: string) =>
  withApp(context, [], async (app) => {
    const commands = app.get(CommandBus);
    const { accountId } = await commands.execute(new OpenAccount({ kind: 'operator', name }));
    const key = await commands.execute(new IssueCredential(accountId, 'operator_key'));
    print(`account: ${accountId}`);
    print(`key id: ${key.credentialId}`);
    print(
      `operator key (shown once, sign in at /console or use "Authorization: Bearer <key>" on /operator/v1): ${key.secret}`,
    );
  });

export const createKey = (
  context: CliContext,
  print: Print,
  account: string,
  kind: 'agent' | 'resolution' | 'partner' | 'operator',
  scopes: string[] | undefined,
) =>
  withApp(context, [], async (app) => {
    if (scopes && kind !== 'agent') throw new Error('--scopes is for agent keys');
    const key = await app.get(CommandBus).execute(new IssueCredential(account, `${kind}_key`, scopes ?? []));
    print(`key id: ${key.credentialId}`);
    if (key.scopes.length > 0) print(`scopes: ${key.scopes.join(' ')}`);
    print(`key (shown once): ${key.secret}`);
  });

export const listKeys = (context: CliContext, print: Print, account: string | undefined) =>
  withApp(context, [credentialList.name], async (app) => {
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
  });

export const revokeKey = (context: CliContext, print: Print, id: string) =>
  withApp(context, [credentialList.name], async (app) => {
    const row = await app.get(QueryBus).execute(new GetCredential(id));
    if (!row) throw new Error(`no key ${id}`);
    await app.get(CommandBus).execute(new RevokeCredential(id, row.secretDigest));
    print(`revoked ${id}`);
  });

export const rotateSigningKey = (context: CliContext, print: Print) =>
  withApp(context, [], async (app) => print(`signing with key ${await app.get(TokenSigner).rotate()}`));
