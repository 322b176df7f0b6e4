import { ArgumentsHost, Catch, ExceptionFilter, Logger, NotFoundException } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Problem, toProblem } from './problem';
import { sendProblem } from './surfaces';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The methods another route of this path answers: a path that exists with another method is 405, not 404. */
const allowedMethods = (request: FastifyRequest): string[] => {
  const path = request.url.split('?')[0];
  return METHODS.filter((method) => request.server.findRoute({ method, url: path }) !== null);
};

/** Every error leaves in the format of the surface the request came to; a 5xx is logged and never explained. */
@Catch()
export class SurfaceErrorFilter implements ExceptionFilter {
  private readonly log = new Logger(SurfaceErrorFilter.name);

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    let problem: Problem = toProblem(exception);
    if (problem.status === 503)
      this.log.warn(`${request.method} ${request.url.split('?')[0]}: ${(exception as Error).message}`);
    else if (problem.status >= 500)
      this.log.error(
        `${request.method} ${request.routeOptions?.url ?? 'unrouted'} failed`,
        (exception as Error)?.stack,
      );
    if (exception instanceof NotFoundException && request.routeOptions?.url === undefined)
      problem = this.unrouted(request);
    sendProblem(reply, request.url, problem);
  }

  private unrouted(request: FastifyRequest): Problem {
    const allow = allowedMethods(request);
    const path = request.url.split('?')[0];
    // a route of this very method that found nothing (a static file) is a 404 like no route at all
    if (allow.length === 0 || allow.includes(request.method))
      return { status: 404, code: 'NOT_FOUND', message: `nothing answers ${path}`, issues: [], unrouted: true };
    return {
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
      message: `${path} takes ${allow.join(', ')}, not ${request.method}`,
      issues: [],
      allow,
    };
  }
}
