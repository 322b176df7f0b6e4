import { Eta } from 'eta';
import { FastifyReply } from 'fastify';
import { LAYOUT } from './layout.template';

/**
 * Renders the pages: each template is a string of its page's folder, compiled once, every value escaped
 * (`<%= %>`); only the page body the layout wraps is put in as it is (`<%~ %>`), made by a template itself.
 */
const eta = new Eta({ autoEscape: true, autoTrim: false, cache: true });
eta.loadTemplate('@layout', LAYOUT);

/** Nothing on a page comes from outside the service, and no other site may frame it or post to it. */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
/** A page with scripts (the console's charts) runs the service's own files, never an inline one. */
const WITH_SCRIPTS = `${CONTENT_SECURITY_POLICY}; script-src 'self'`;

export interface PageFrame {
  readonly title: string;
  readonly sandbox: boolean;
  /** The footer's line; a page opened by a single-use link says so by default. */
  readonly footer?: string;
  /** The service's own scripts the page runs (paths); none by default. */
  readonly scripts?: readonly string[];
  /** Laid out for a desktop's width (still fits a phone). */
  readonly wide?: boolean;
}

export const loadPageTemplate = (name: string, template: string): void => eta.loadTemplate(`@${name}`, template);

/** A page that is a whole document of its own (a name's landing page), outside the service's layout. */
export const renderStandalone = <Model extends object>(name: string, model: Model): string =>
  eta.render(`@${name}`, model);

/** Sends a page: its template rendered with `model`, inside the layout, with the pages' security headers. */
export const sendPage = <Model extends object>(
  reply: FastifyReply,
  status: number,
  name: string,
  frame: PageFrame,
  model: Model,
): FastifyReply => {
  const body = eta.render(`@${name}`, model);
  const page = eta.render('@layout', { ...frame, body });
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', frame.scripts?.length ? WITH_SCRIPTS : CONTENT_SECURITY_POLICY)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .send(page);
};
