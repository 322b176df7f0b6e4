import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { TokenSigner } from '../../src/application/identity/identity.ports';
import { OAuthTokens } from '../../src/application/identity/oauth-tokens';
import { EventStore } from '../../src/application/shared/event-store.port';
import { handleCommand } from '../../src/application/shared/handle-command';
import { refreshFamilyDecider, refreshFamilyStream } from '../../src/domain/identity/refresh-family';
import { IssueCredential } from '../../src/application/identity/issue-credential.command';
import { OpenAccount } from '../../src/application/identity/open-account.command';
import { RevokeCredential } from '../../src/application/identity/revoke-credential.command';
import { CredentialKind } from '../../src/domain/identity/credential';
import { GetCredential } from '../../src/projections/credentials/credential-list.queries';
import { CatalogRoute, routeCatalog } from '../../src/interfaces/http/shared/route-catalog';
import { AuthProbeModule } from '../support/auth-probe.module';
import { createTestApp, TestApp } from '../support/test-app';

type Credentials = Record<string, string>;

/** The error body each surface answers 401 and 403 with. */
const unauthorized = {
  agent: { error: 'unauthorized', message: 'Authentication required' },
  partner: { code: 'UNAUTHORIZED' },
  resolution: { code: 'UNAUTHORIZED' },
  operator: { code: 'UNAUTHORIZED' },
};
const forbidden = {
  agent: { error: 'forbidden' },
  partner: { code: 'FORBIDDEN' },
  resolution: { code: 'FORBIDDEN' },
  operator: { code: 'FORBIDDEN' },
};

describe('authorization of every protected route (the table comes from the registered routes)', () => {
  let subject: TestApp;
  let credentials: Credentials;
  let protectedRoutes: { method: string; path: string; route: CatalogRoute }[];

  beforeAll(async () => {
    subject = await createTestApp({ extraModules: [AuthProbeModule] });
    const commands = subject.app.get(CommandBus);
    const open = async (request: ConstructorParameters<typeof OpenAccount>[0]) =>
      (await commands.execute(new OpenAccount(request))).accountId;
    const issue = async (accountId: string, kind: CredentialKind, scopes: string[] = []) =>
      commands.execute(new IssueCredential(accountId, kind, scopes));
    const revoked = async (accountId: string, kind: CredentialKind) => {
      const issued = await issue(accountId, kind);
      await subject.settled();
      const row = await subject.app.get(QueryBus).execute(new GetCredential(issued.credentialId));
      await commands.execute(new RevokeCredential(issued.credentialId, row!.secretDigest));
      return issued.secret;
    };
    const user = await open({ kind: 'user', name: 'User', email: 'user@example.com', password: 'Corr3ct-horse!' });
    // an access token as signup issues it: bound to a refresh family that is alive
    const tokens = subject.app.get(OAuthTokens);
    const scope = 'domains:search portfolio:read';
    const { started, refreshToken } = tokens.startFamily(user, scope, Date.now());
    await handleCommand(subject.app.get(EventStore), refreshFamilyStream(started.familyId), refreshFamilyDecider, {
      type: 'StartRefreshFamily',
      data: started,
    });
    const web3 = await open({ kind: 'partner', profile: 'web3', name: 'Web3 partner' });
    const reseller = await open({ kind: 'partner', profile: 'reseller', name: 'Reseller' });
    const operator = await open({ kind: 'operator', name: 'Operator' });
    credentials = {
      agentKey: (await issue(user, 'agent_key')).secret,
      narrowAgentKey: (await issue(user, 'agent_key', ['cart:read'])).secret,
      revokedAgentKey: await revoked(user, 'agent_key'),
      oauthToken: (await tokens.response(user, scope, started.familyId, refreshToken)).access_token,
      // signed by the service, but bound to no refresh family: nothing could ever revoke it
      unboundOauthToken: await subject.app.get(TokenSigner).sign({ sub: user, token_use: 'access', scope }, 3600),
      web3Key: (await issue(web3, 'partner_key')).secret,
      resellerKey: (await issue(reseller, 'partner_key')).secret,
      revokedWeb3Key: await revoked(web3, 'partner_key'),
      revokedResellerKey: await revoked(reseller, 'partner_key'),
      resolutionKey: (await issue(web3, 'resolution_key')).secret,
      revokedResolutionKey: await revoked(web3, 'resolution_key'),
      operatorKey: (await issue(operator, 'operator_key')).secret,
      revokedOperatorKey: await revoked(operator, 'operator_key'),
    };
    protectedRoutes = routeCatalog(subject.app)
      .filter((route) => route.access && !('open' in route.access))
      .flatMap((route) =>
        route.paths.map((path) => ({ method: route.method, path: path.replace(/:[^/]+/g, 'example.com'), route })),
      );
  });
  afterAll(() => subject.close());

  const call = (method: string, url: string, bearer?: string) =>
    subject.app.inject({
      method: method as 'GET',
      url,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });

  it('covers a route of every guarded surface', () => {
    const surfaces = new Set(protectedRoutes.map(({ route }) => route.access?.surface));
    expect([...surfaces].sort()).toEqual(['agent', 'operator', 'partner', 'resolution']);
  });

  /** For each route: the credential that is right, the revoked one of its kind, and those of the wrong kind. */
  const casesFor = (entry: { method: string; path: string; route: CatalogRoute }) => {
    const { route } = entry;
    const access = route.access!;
    switch (access.surface) {
      case 'agent': {
        const cases = {
          right: credentials.agentKey,
          revoked: credentials.revokedAgentKey,
          wrongKind: [credentials.resolutionKey, credentials.web3Key, credentials.operatorKey],
        };
        return {
          ...cases,
          wrongProfileOrScope: 'scope' in access && access.scope === 'cart:read' ? [] : [credentials.narrowAgentKey],
        };
      }
      case 'partner': {
        const right = access.profile === 'web3' ? credentials.web3Key : credentials.resellerKey;
        const other = access.profile === 'web3' ? credentials.resellerKey : credentials.web3Key;
        // a path both partner surfaces serve answers each profile's key with that profile's route
        const servedToOther = protectedRoutes.some(
          (candidate) =>
            candidate.method === entry.method &&
            candidate.path === entry.path &&
            candidate.route.access?.surface === 'partner' &&
            candidate.route.access.profile !== access.profile,
        );
        const revoked = access.profile === 'web3' ? credentials.revokedWeb3Key : credentials.revokedResellerKey;
        return {
          right,
          revoked,
          wrongKind: [credentials.agentKey, credentials.resolutionKey, credentials.oauthToken, credentials.operatorKey],
          wrongProfileOrScope: servedToOther ? [] : [other],
        };
      }
      case 'resolution':
        return {
          right: credentials.resolutionKey,
          revoked: credentials.revokedResolutionKey,
          wrongKind: [credentials.agentKey, credentials.web3Key, credentials.operatorKey],
          wrongProfileOrScope: [],
        };
      case 'operator':
        // every other surface's key is valid, only not here: forbidden
        return {
          right: credentials.operatorKey,
          revoked: credentials.revokedOperatorKey,
          wrongKind: [credentials.unboundOauthToken],
          wrongProfileOrScope: [
            credentials.agentKey,
            credentials.oauthToken,
            credentials.web3Key,
            credentials.resellerKey,
            credentials.resolutionKey,
          ],
        };
    }
  };

  it('answers 401 in the surface format without a credential, with a malformed one, a revoked one, or one of the wrong kind', async () => {
    for (const entry of protectedRoutes) {
      const surface = entry.route.access!.surface as keyof typeof unauthorized;
      const cases = casesFor(entry);
      for (const bearer of [undefined, 'not-a-credential', cases.revoked, ...cases.wrongKind]) {
        const res = await call(entry.method, entry.path, bearer);
        expect({
          route: `${entry.method} ${entry.path}`,
          bearer: bearer?.slice(0, 12),
          status: res.statusCode,
        }).toEqual({ route: `${entry.method} ${entry.path}`, bearer: bearer?.slice(0, 12), status: 401 });
        expect(res.json()).toMatchObject(unauthorized[surface]);
      }
    }
  });

  it('answers 403 in the surface format for a valid credential of the wrong profile or without the scope', async () => {
    for (const entry of protectedRoutes) {
      const surface = entry.route.access!.surface as keyof typeof forbidden;
      for (const bearer of casesFor(entry).wrongProfileOrScope) {
        const res = await call(entry.method, entry.path, bearer);
        expect({ route: `${entry.method} ${entry.path}`, status: res.statusCode }).toEqual({
          route: `${entry.method} ${entry.path}`,
          status: 403,
        });
        expect(res.json()).toMatchObject(forbidden[surface]);
      }
    }
  });

  it('lets the right credential through', async () => {
    for (const entry of protectedRoutes) {
      const res = await call(entry.method, entry.path, casesFor(entry).right);
      expect({ route: `${entry.method} ${entry.path}`, denied: [401, 403].includes(res.statusCode) }).toEqual({
        route: `${entry.method} ${entry.path}`,
        denied: false,
      });
    }
  });

  it('accepts an OAuth access token on agent routes within its scopes', async () => {
    const res = await call('POST', '/mcp/v1/actions/svc_tld_list', credentials.oauthToken);
    expect(res.statusCode).toBe(200);
  });

  it('refuses an access token bound to no refresh family', async () => {
    const res = await call('POST', '/mcp/v1/actions/svc_tld_list', credentials.unboundOauthToken);
    expect(res.statusCode).toBe(401);
  });
});
