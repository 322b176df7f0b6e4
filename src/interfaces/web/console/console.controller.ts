import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AUDIT_SUBJECTS, AuditSubject } from '../../../application/audit/audit-trail';
import { Authenticator } from '../../../application/identity/authenticator';
import { TokenSigner } from '../../../application/identity/identity.ports';
import { digestOf } from '../../../application/identity/secrets';
import { Clock } from '../../../application/shared/clock';
import { ExistingOperation } from '../../../domain/operations/operation';
import { DAY_MS, HOUR_MS } from '../../../domain/analytics/search-funnel';
import { formattedUsd } from '../../../domain/shared/price';
import { OPERATION_STATUSES, OperationsQuery } from '../../http/operator/operator.controller';
import { OperatorReads } from '../../http/operator/operator-reads';
import { TAKES_FORM } from '../../http/shared/http-input';
import { NoQuery } from '../../http/shared/request-params';
import { cookieOf, isFormSessionOf, setCookie, startFormSession } from '../shared/page-session';
import { loadPageTemplate, sendPage } from '../shared/views';
import {
  CONSOLE_AUDIT,
  CONSOLE_DASHBOARD,
  CONSOLE_GONE,
  CONSOLE_OPERATION,
  CONSOLE_OPERATIONS,
  CONSOLE_REGISTRY,
  CONSOLE_SIGN_IN,
} from './console.templates';
import { chartDataOf, durationText, tilesOf, WATERFALL_WIDTH, waterfallRowsOf } from './console-views';
import { CHART_SCRIPT, CONSOLE_SCRIPT } from './console-assets.controller';

loadPageTemplate('console-sign-in', CONSOLE_SIGN_IN);
loadPageTemplate('console-dashboard', CONSOLE_DASHBOARD);
loadPageTemplate('console-operations', CONSOLE_OPERATIONS);
loadPageTemplate('console-operation', CONSOLE_OPERATION);
loadPageTemplate('console-audit', CONSOLE_AUDIT);
loadPageTemplate('console-registry', CONSOLE_REGISTRY);
loadPageTemplate('console-gone', CONSOLE_GONE);

const CONSOLE_PATH = '/console';
const SESSION = 'console_session';
/** A console session lasts a working day; the key behind it still counts at every request. */
const SESSION_SECONDS = 8 * 3600;
const FOOTER = "domain-engine's operator console. Sign out when you are done.";

const RANGES = [
  { value: '24h', label: 'The last 24 hours, by hour', groupBy: 'hour', spanMs: DAY_MS },
  { value: '7d', label: 'The last 7 days, by day', groupBy: 'day', spanMs: 7 * DAY_MS },
  { value: '30d', label: 'The last 30 days, by day', groupBy: 'day', spanMs: 30 * DAY_MS },
] as const;

class SignInForm {
  @IsString() @MaxLength(100) csrf!: string;
  @IsString() @MaxLength(2000) key!: string;
}

class CsrfForm {
  @IsString() @MaxLength(100) csrf!: string;
}

class DashboardQuery {
  @IsOptional() @IsIn(RANGES.map((range) => range.value)) range?: (typeof RANGES)[number]['value'];
}

class AuditPageQuery {
  @IsOptional() @IsIn(AUDIT_SUBJECTS) subject?: AuditSubject;
  @IsOptional()
  @IsString()
  @Matches(/^[\x21-\x7e]{0,300}$/, { message: 'is not an id, a name or an address' })
  id?: string;
  @IsOptional() @Matches(/^[0-9]{1,15}$/, { message: 'is not a time in epoch milliseconds' }) at?: string;
}

class SubjectParam {
  @IsString() @Matches(/^[\x21-\x7e]{1,300}$/, { message: 'is not an id, a name or an address' }) id!: string;
}

const timeText = (at: number): string => new Date(at).toISOString().replace('T', ' ').slice(0, 19);

const operationRow = (op: ExistingOperation) => ({
  id: op.id,
  created: timeText(op.createdAt),
  type: op.type,
  status: op.status,
  domain: op.domain,
  accountId: op.accountId,
});

/**
 * The operator's console: a dashboard of the analytics, the operations of every account with their waterfall, the
 * audit of anything as of any moment, the registry's clock and the price list. Signed in with an operator key (its
 * session is a token naming the key's digest, checked against the key at every page); other keys are refused.
 */
@Controller('console')
export class ConsoleController {
  constructor(
    private readonly reads: OperatorReads,
    private readonly authenticator: Authenticator,
    private readonly signer: TokenSigner,
    private readonly clock: Clock,
  ) {}

  @Get('sign-in')
  signInPage(@Query() _query: NoQuery, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.signInForm(request, reply, 200);
  }

  @Post('sign-in')
  @RouteConfig(TAKES_FORM)
  async signIn(@Body() form: SignInForm, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    if (!isFormSessionOf(request, form.csrf))
      return this.signInForm(request, reply, 403, 'This form was not opened here: sign in again.');
    const key = form.key.trim();
    const operator = await this.authenticator.operator(key);
    if (!operator) {
      const elsewhere = await this.authenticator.anyOtherSurface(key).catch(() => false);
      return elsewhere
        ? this.signInForm(request, reply, 403, 'This key is not an operator key: it opens another surface.')
        : this.signInForm(request, reply, 401, 'This is not an operator key, or it was revoked.');
    }
    const session = await this.signer.sign(
      { sub: operator.accountId, token_use: 'console', kd: digestOf(key) },
      SESSION_SECONDS,
    );
    setCookie(request, reply, SESSION, session, {
      path: CONSOLE_PATH,
      maxAgeSeconds: SESSION_SECONDS,
      sameSite: 'Strict',
    });
    return reply.status(303).header('location', CONSOLE_PATH).send();
  }

  @Post('sign-out')
  @RouteConfig(TAKES_FORM)
  signOut(@Body() _form: CsrfForm, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    // always: a sign-out from a tab whose form token has since changed must not leave the session open, and one
    // forged by another site can do no more than sign the operator out
    setCookie(request, reply, SESSION, '', { path: CONSOLE_PATH, maxAgeSeconds: 0, sameSite: 'Strict' });
    return reply.status(303).header('location', `${CONSOLE_PATH}/sign-in`).send();
  }

  @Get()
  async dashboard(@Query() query: DashboardQuery, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    if (!(await this.signedIn(request))) return this.toSignIn(reply);
    const range = this.rangeOf(query);
    const chosen = RANGES.find((each) => each.value === (query.range ?? '7d'))!;
    const report = await this.reads.analytics(range);
    const charts = chartDataOf(report);
    const { webhooks } = report.totals;
    return this.show(request, reply, 'console-dashboard', 'Dashboard', 'dashboard', {
      ranges: RANGES,
      range: chosen.value,
      groupBy: chosen.groupBy,
      span: `From ${timeText(range.from)} to ${timeText(range.to)} UTC.`,
      tiles: tilesOf(report),
      charts: charts.charts,
      // a data block, never run: "<" escaped so that no text in it can close the element
      chartJson: JSON.stringify(charts).replace(/</g, '\\u003c'),
      operations: report.totals.operations.map((op) => ({
        ...op,
        p50: durationText(op.p50Ms),
        p90: durationText(op.p90Ms),
        p99: durationText(op.p99Ms),
      })),
      webhooks: `${webhooks.delivered} delivered, ${webhooks.dropped} dropped, in ${webhooks.attempts} attempts`,
      csvQuery: `range=${chosen.value}`,
    });
  }

  /** The dashboard's range as CSV, for a spreadsheet: the same export as the operator API's. */
  @Get('export')
  async export(@Query() query: DashboardQuery, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    if (!(await this.signedIn(request))) return this.toSignIn(reply);
    const csv = await this.reads.analyticsCsv(this.rangeOf(query));
    return reply
      .status(200)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="analytics-${query.range ?? '7d'}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  }

  @Get('operations')
  async operations(@Query() query: OperationsQuery, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    if (!(await this.signedIn(request))) return this.toSignIn(reply);
    const { accountId, domain, status, type } = query;
    const found = await this.reads.searchOperations(
      { accountId, domain, statuses: status && [status], type },
      Number(query.limit ?? 50),
    );
    return this.show(request, reply, 'console-operations', 'Operations', 'operations', {
      query,
      statuses: OPERATION_STATUSES,
      operations: found.map(operationRow),
      summary:
        found.length === 0
          ? 'No operation matches.'
          : `The ${found.length} newest operations that match, newest first.`,
    });
  }

  @Get('operations/:id')
  async operation(@Param() { id }: SubjectParam, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    if (!(await this.signedIn(request))) return this.toSignIn(reply);
    const found = await this.reads.operation(id);
    if (!found) return this.gone(reply, 404, 'There is no operation by that id.');
    const { operation: op, waterfall, events } = found;
    const drawn = waterfall ? waterfallRowsOf(waterfall) : { rows: [], span: '-', height: 28 };
    return this.show(request, reply, 'console-operation', `Operation ${op.type}`, 'operations', {
      id: op.id,
      facts: [
        { label: 'Id', value: op.id },
        { label: 'Status', value: op.status },
        { label: 'Surface', value: op.surface },
        { label: 'Account', value: op.accountId, href: `/console/accounts/${encodeURIComponent(op.accountId)}` },
        ...(op.domain ? [{ label: 'Domain', value: op.domain, href: `/console/domains/${op.domain}` }] : []),
        ...(op.paidBy
          ? [{ label: 'Order', value: op.paidBy.orderId, href: `/console/orders/${op.paidBy.orderId}` }]
          : []),
        { label: 'Requested', value: timeText(op.createdAt) },
        { label: 'Last change', value: timeText(op.updatedAt) },
      ],
      ended: waterfall?.endedAt ? 'its end' : 'its last event (it has not ended)',
      span: drawn.span,
      rows: drawn.rows,
      height: drawn.height,
      width: WATERFALL_WIDTH,
      events: events.map((event) => ({ ...event, recordedAt: event.recordedAt.replace('T', ' ') })),
    });
  }

  @Get('audit')
  async audit(@Query() query: AuditPageQuery, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    if (!(await this.signedIn(request))) return this.toSignIn(reply);
    return this.subjectPage(request, reply, query.subject ?? 'operation', query.id ?? '', query.at);
  }

  @Get('accounts/:id')
  async account(@Param() { id }: SubjectParam, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    if (!(await this.signedIn(request))) return this.toSignIn(reply);
    return this.subjectPage(request, reply, 'account', id, undefined);
  }

  @Get('domains/:id')
  async domain(@Param() { id }: SubjectParam, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    if (!(await this.signedIn(request))) return this.toSignIn(reply);
    return this.subjectPage(request, reply, 'domain', id, undefined);
  }

  @Get('orders/:id')
  async order(@Param() { id }: SubjectParam, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    if (!(await this.signedIn(request))) return this.toSignIn(reply);
    return this.subjectPage(request, reply, 'order', id, undefined);
  }

  @Get('registry')
  async registry(@Query() _query: NoQuery, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    if (!(await this.signedIn(request))) return this.toSignIn(reply);
    const state = await this.reads.registryState();
    const price = (cents: number | null) => (cents === null ? '–' : formattedUsd(cents));
    return this.show(request, reply, 'console-registry', 'Registry and prices', 'registry', {
      registryTime: timeText(Date.parse(state.registryTime)) + ' UTC',
      ahead: durationText(state.aheadMs),
      prices: state.prices.map((row) => ({
        tld: row.tld,
        registration: price(row.registrationCents),
        renewal: price(row.renewalCents),
        transfer: price(row.transferCents),
        restoration: price(row.restorationCents),
        open: row.canRegister,
      })),
    });
  }

  /** The history of a subject, as of a moment when one is given, with the operations of an account or a domain. */
  private async subjectPage(
    request: FastifyRequest,
    reply: FastifyReply,
    subject: AuditSubject,
    id: string,
    at: string | undefined,
  ) {
    const base = { subjects: AUDIT_SUBJECTS, subject, id, related: [], states: [], events: [], slider: null };
    if (!id) return this.show(request, reply, 'console-audit', 'Audit', 'audit', { ...base, asOf: null });
    const full = await this.reads.audit(subject, id);
    const asOf = at === undefined ? undefined : Number(at);
    const shown = asOf === undefined ? full : await this.reads.audit(subject, id, asOf);
    const states =
      shown.states ??
      (full.span ? (await this.reads.audit(subject, id, Date.parse(full.span.last))).states : undefined) ??
      {};
    const related =
      subject === 'account' || subject === 'domain'
        ? await this.reads.searchOperations(
            subject === 'account' ? { accountId: id } : { domain: id.trim().toLowerCase() },
            20,
          )
        : [];
    const span = full.span && { min: Date.parse(full.span.first), max: Date.parse(full.span.last) };
    const value = asOf ?? span?.max;
    return this.show(request, reply, 'console-audit', `The history of ${subject} ${id}`, 'audit', {
      ...base,
      asOf: asOf === undefined ? null : timeText(asOf),
      related: related.map(operationRow),
      slider: span && value !== undefined ? { ...span, value, shown: timeText(value) } : null,
      states: Object.entries(states).map(([stream, state]) => ({ stream, json: JSON.stringify(state, null, 2) })),
      events: shown.events.map((event) => ({
        ...event,
        recordedAt: event.recordedAt.replace('T', ' '),
        json: JSON.stringify(event.data),
      })),
      summary:
        shown.events.length === 0
          ? 'No event'
          : `${shown.events.length} events${full.truncated ? ' (the earliest; there are more)' : ''}, oldest first`,
    });
  }

  /** A dashboard range up to the end of the hour or day now is in. */
  private rangeOf(query: DashboardQuery) {
    const chosen = RANGES.find((range) => range.value === (query.range ?? '7d'))!;
    const step = chosen.groupBy === 'hour' ? HOUR_MS : DAY_MS;
    const to = Math.floor(this.clock.now() / step) * step + step;
    return { from: to - chosen.spanMs, to, groupBy: chosen.groupBy };
  }

  /** The operator signed in on this browser, while the key its session names is an active operator key. */
  private async signedIn(request: FastifyRequest): Promise<boolean> {
    const token = cookieOf(request, SESSION);
    if (!token) return false;
    const claims = await this.signer.verify(token).catch(() => undefined);
    if (!claims || claims.token_use !== 'console' || typeof claims.kd !== 'string') return false;
    const operator = await this.authenticator.operatorByDigest(claims.kd);
    return operator?.accountId === claims.sub;
  }

  private signInForm(request: FastifyRequest, reply: FastifyReply, status: number, error?: string) {
    const csrf = startFormSession(request, reply, CONSOLE_PATH);
    return sendPage(
      reply,
      status,
      'console-sign-in',
      { title: 'Operator console', sandbox: false, footer: FOOTER },
      {
        csrf,
        error,
      },
    );
  }

  private toSignIn(reply: FastifyReply) {
    return reply.status(303).header('location', `${CONSOLE_PATH}/sign-in`).send();
  }

  private show(request: FastifyRequest, reply: FastifyReply, page: string, title: string, tab: string, model: object) {
    const csrf = startFormSession(request, reply, CONSOLE_PATH);
    return sendPage(
      reply,
      200,
      page,
      { title, sandbox: false, footer: FOOTER, wide: true, scripts: [CHART_SCRIPT, CONSOLE_SCRIPT] },
      { tab, csrf, ...model },
    );
  }

  private gone(reply: FastifyReply, status: number, message: string) {
    return sendPage(
      reply,
      status,
      'console-gone',
      { title: 'Operator console', sandbox: false, footer: FOOTER },
      {
        message,
      },
    );
  }
}
