import { CommandBus } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { IssueCredential } from '../../src/application/identity/issue-credential.command';
import { OpenAccount } from '../../src/application/identity/open-account.command';
import { RouteAccess } from '../../src/interfaces/http/shared/auth/access';
import { CatalogRoute, routeCatalog } from '../../src/interfaces/http/shared/route-catalog';
import { createTestApp, TestApp } from '../support/test-app';
import { HostileCase, hostileCases } from './hostile-cases';
import { sendRaw } from './raw-http';
import { formatProblems, SurfaceName, surfaceOfPath } from './surface-formats';

/**
 * The shared hostile-input suite: every route the application registers, on every surface, gets the same
 * hostile variations of an otherwise plausible request, over a real socket. None may answer 5xx, each answers in
 * its surface's error format (with the one status that is right, where only one is), and nothing is stored.
 */
const SURFACES: readonly SurfaceName[] = ['agent', 'oauth', 'partner', 'resolution', 'service'];

/** Tables whose rows change without any request being accepted: consumer positions and rate-limit budgets. */
const BOOKKEEPING = new Set([
  'consumer_checkpoints',
  'rate_limit_hits',
  'credential_buckets',
  'schema_migrations',
  'projection_generations',
]);

const snapshot = async (pool: Pool): Promise<Record<string, number>> => {
  const { rows } = await pool.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
  );
  const counts: Record<string, number> = {};
  for (const { table_name: table } of rows) {
    if (BOOKKEEPING.has(table)) continue;
    counts[table] = Number((await pool.query<{ count: string }>(`select count(*) from "${table}"`)).rows[0].count);
  }
  return counts;
};

describe('hostile input on every route', () => {
  let subject: TestApp;
  let port: number;
  let pool: Pool;
  let before: Record<string, number>;
  let routes: CatalogRoute[];
  const credentials = new Map<string, string>();

  beforeAll(async () => {
    subject = await createTestApp({ env: { OAUTH_RATE_LIMIT_PER_IP: '100000' } });
    await subject.app.listen({ port: 0, host: '127.0.0.1' });
    port = (subject.app.getHttpServer().address() as { port: number }).port;
    const commands = subject.app.get(CommandBus);
    const open = async (
      account: ConstructorParameters<typeof OpenAccount>[0],
      kind: 'agent_key' | 'partner_key' | 'resolution_key' | 'operator_key',
    ) => {
      const { accountId } = await commands.execute(new OpenAccount(account));
      return (await commands.execute(new IssueCredential(accountId, kind))).secret as string;
    };
    credentials.set(
      'agent',
      await open(
        { kind: 'user', name: 'Hostile user', email: 'hostile@example.com', password: 'Hostile-pass-1!' },
        'agent_key',
      ),
    );
    credentials.set(
      'partner:web3',
      await open({ kind: 'partner', profile: 'web3', name: 'Hostile web3' }, 'partner_key'),
    );
    credentials.set(
      'partner:reseller',
      await open({ kind: 'partner', profile: 'reseller', name: 'Hostile reseller' }, 'partner_key'),
    );
    credentials.set(
      'resolution',
      await open({ kind: 'partner', profile: 'web3', name: 'Hostile resolver' }, 'resolution_key'),
    );
    credentials.set('operator', await open({ kind: 'operator', name: 'Hostile operator' }, 'operator_key'));
    routes = routeCatalog(subject.app).flatMap((route) => route.paths.map((path) => ({ ...route, paths: [path] })));
    pool = new Pool({ connectionString: subject.databaseUrl, max: 2 });
    await subject.settled();
    before = await snapshot(pool);
  });
  afterAll(async () => {
    await pool?.end();
    await subject?.close();
  });

  const authorizationFor = (access: RouteAccess | undefined): Record<string, string> => {
    if (!access || ('open' in access && access.open)) return {};
    const key = access.surface === 'partner' ? `partner:${access.profile}` : access.surface;
    return { authorization: `Bearer ${credentials.get(key)}` };
  };

  /** The methods some route answers at this path: its own, and those of routes whose parameters match its text. */
  const methodsOf = (path: string): string[] =>
    routes
      .filter((route) => new RegExp(`^${route.paths[0].replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(path))
      .map((route) => route.method);

  const casesOf = (surface: SurfaceName): HostileCase[] =>
    routes
      .filter((route) => surfaceOfPath(route.paths[0]) === surface)
      .flatMap((route) =>
        hostileCases(
          {
            method: route.method,
            path: route.paths[0],
            takesForm: route.takesForm,
            readsOwnBody: route.readsOwnBody,
            idempotent: route.idempotent,
          },
          methodsOf(route.paths[0]),
          authorizationFor(route.access),
        ),
      );

  it.each(SURFACES)('surface %s: every hostile request gets a 4xx in the surface format', async (surface) => {
    const cases = casesOf(surface);
    expect(cases.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const hostile of cases) {
      const response = await sendRaw(port, hostile);
      const passed = hostile.mayPass && response.status < 300;
      const problems = passed
        ? []
        : [
            ...(hostile.status !== undefined && response.status !== hostile.status
              ? [`status ${response.status}, expected ${hostile.status}`]
              : []),
            ...(response.status < 400 || response.status >= 500 ? [`status ${response.status}, not a 4xx`] : []),
            ...(response.status === 405 && !response.headers.allow ? ['405 without Allow'] : []),
            ...(hostile.names && !response.text.includes(hostile.names)
              ? [`the answer does not name ${hostile.names}`]
              : []),
            ...formatProblems(surface, response.headers['content-type'], response.text),
          ];
      if (problems.length > 0)
        failures.push(`${hostile.title}: ${problems.join('; ')} (${response.status} ${response.text.slice(0, 160)})`);
    }
    expect(failures).toEqual([]);
  });

  it.each([
    ['agent', '/mcp/v1/actions/svc_no_such_action'],
    ['agent', '/mcp/v1/no-such-route'],
    ['oauth', '/api/oauth/no-such-route'],
    ['partner', '/partner/v3/no-such-route'],
    ['resolution', '/resolve/no-such-route'],
    ['service', '/no-such-route'],
  ] as const)('surface %s: an unknown route (%s) is 404 in the surface format', async (surface, target) => {
    const response = await sendRaw(port, { method: 'GET', target });
    expect({
      status: response.status,
      problems: formatProblems(surface, response.headers['content-type'], response.text),
    }).toEqual({ status: 404, problems: [] });
  });

  it('covers every route of every surface, each with at least its target, header and method cases', () => {
    const covered = new Set(SURFACES.flatMap(casesOf).map((hostile) => hostile.route));
    // surfaces C and D answer some of the same paths (for their own keys): one entry each
    const registered = new Set(routes.map((route) => `${route.method} ${route.paths[0]}`));
    expect([...covered].sort()).toEqual([...registered].sort());
    expect(routes.length).toBeGreaterThanOrEqual(40);
    expect(SURFACES.flatMap(casesOf).length).toBeGreaterThanOrEqual(routes.length * 5);
  });

  it('stored nothing: every table has the rows it had before', async () => {
    await subject.settled();
    expect(await snapshot(pool)).toEqual(before);
  });
});
