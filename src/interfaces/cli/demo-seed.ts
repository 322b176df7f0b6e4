import { randomBytes } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IssueCredential } from '../../application/identity/issue-credential.command';
import { OpenAccount } from '../../application/identity/open-account.command';
import { metadataFor } from '../../application/shared/command-context';
import { EventStore, WrongExpectedVersion } from '../../application/shared/event-store.port';

const DEMO_SEED_STREAM = 'demo-seed';

/**
 * On the first start of the embedded default: a demo user with an agent key, a partner of each profile and a
 * resolution key, printed once with how to use them. The seed claims its stream first, so it runs once per database.
 */
export const seedDemo = async (
  app: NestFastifyApplication,
  baseUrl: string,
  print: (text: string) => void,
): Promise<void> => {
  try {
    await app.get(EventStore).append(
      [
        {
          streamId: DEMO_SEED_STREAM,
          expectedVersion: 'no_stream',
          events: [{ type: 'DemoSeeded', data: { at: Date.now() } }],
        },
      ],
      metadataFor({}),
    );
  } catch (error) {
    if (error instanceof WrongExpectedVersion) return; // seeded on an earlier start
    throw error;
  }
  const commands = app.get(CommandBus);
  const password = `Demo-${randomBytes(9).toString('base64url')}1!`;
  const user = (
    await commands.execute(new OpenAccount({ kind: 'user', name: 'Demo user', email: 'demo@example.com', password }))
  ).accountId;
  const agentKey = (await commands.execute(new IssueCredential(user, 'agent_key'))).secret;
  const web3 = (
    await commands.execute(new OpenAccount({ kind: 'partner', profile: 'web3', name: 'Demo web3 partner' }))
  ).accountId;
  const web3Key = (await commands.execute(new IssueCredential(web3, 'partner_key'))).secret;
  const reseller = (
    await commands.execute(new OpenAccount({ kind: 'partner', profile: 'reseller', name: 'Demo reseller' }))
  ).accountId;
  const resellerKey = (await commands.execute(new IssueCredential(reseller, 'partner_key'))).secret;
  const resolutionKey = (await commands.execute(new IssueCredential(web3, 'resolution_key'))).secret;
  const operator = (await commands.execute(new OpenAccount({ kind: 'operator', name: 'Demo operator' }))).accountId;
  const operatorKey = (await commands.execute(new IssueCredential(operator, 'operator_key'))).secret;
  print(
    [
      '',
      '  Demo accounts, created on this first start. The keys are shown only now: keep them, or make new ones with',
      '  `npx domain-engine keys create` (see `npx domain-engine --help`).',
      '',
      `  Demo user ${user}: demo@example.com, password ${password}`,
      `    agent API key (surface A): ${agentKey}`,
      `    curl -s -X POST ${baseUrl}/mcp/v1/actions/svc_domains_search -H 'authorization: Bearer ${agentKey}' -H 'content-type: application/json' -d '{"query":"coffee shop"}'`,
      `    (the same actions are MCP tools at ${baseUrl}/mcp/v1; the agent guide is docs/agent-guide.md)`,
      `  Web3 partner ${web3} (surface C, /partner/v3): ${web3Key}`,
      `    curl -s ${baseUrl}/partner/v3/account -H 'authorization: Bearer ${web3Key}'`,
      `  Reseller partner ${reseller} (surface D, /partner/v3): ${resellerKey}`,
      `    curl -s '${baseUrl}/partner/v3/domains?query=my-first-name.com' -H 'authorization: Bearer ${resellerKey}'`,
      `  Resolution key (surface E, /resolve): ${resolutionKey}`,
      `    curl -s ${baseUrl}/resolve/domains/brad.crypto -H 'authorization: Bearer ${resolutionKey}'   (a fixture domain of the local ETH chain)`,
      `  Operator (/console and /operator/v1): ${operatorKey}`,
      `    curl -s ${baseUrl}/operator/v1/registry -H 'authorization: Bearer ${operatorKey}'   (or sign in at ${baseUrl}/console)`,
      '',
      `  Sign up a new user through surface B: curl -s -X POST ${baseUrl}/api/oauth/signup -H 'content-type: application/json' \\`,
      `    -d '{"email":"you@example.com","password":"Str0ng-pass!"}'   (the code arrives in DATA_DIR/mail/ unless SMTP_URL is set)`,
      '',
      '  To keep them, paste these lines into the shell you call from (every call of the README uses them):',
      `    export AGENT_KEY=${agentKey}`,
      `    export WEB3_KEY=${web3Key}`,
      `    export RESELLER_KEY=${resellerKey}`,
      `    export RESOLUTION_KEY=${resolutionKey}`,
      `    export OPERATOR_KEY=${operatorKey}`,
      '',
    ].join('\n'),
  );
};
