import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { toProblem } from './problem';
import { renderProblem, surfaceOf } from './surfaces';

/** Every error leaves in the format of the surface the request came to; a 5xx is logged and never explained. */
@Catch()
export class SurfaceErrorFilter implements ExceptionFilter {
  private readonly log = new Logger(SurfaceErrorFilter.name);

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const problem = toProblem(exception);
    if (problem.status >= 500) this.log.error(`${request.method} ${request.routeOptions?.url ?? 'unrouted'} failed`, (exception as Error)?.stack);
    if (problem.retryAfterSeconds !== undefined) void reply.header('retry-after', String(problem.retryAfterSeconds));
    void reply.status(problem.status).send(renderProblem(surfaceOf(request.url), problem, request.url));
  }
}
