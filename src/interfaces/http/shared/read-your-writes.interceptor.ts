import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import { concatMap, from, Observable } from 'rxjs';
import { ReadModelProgress, writesOfWork } from '../../../application/shared/read-your-writes';

/**
 * Read your writes on every route: a request that appended to the store is answered once every read model shows
 * what it appended (the operation in `GET /operations` and the domain's pending operations, a contact in its list, a
 * hosting in `GET /dns/hosting`), so that whatever the client reads next, here or through another process, is not
 * older than the answer it holds. Requests that wrote nothing are not held.
 */
@Injectable()
export class ReadYourWritesInterceptor implements NestInterceptor {
  private readonly log = new Logger(ReadYourWritesInterceptor.name);

  constructor(private readonly progress: ReadModelProgress) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    // the handler runs when the stream is subscribed: inside the record of this request's appends
    return new Observable<{ value: unknown; wrote: boolean }>((subscriber) =>
      writesOfWork.run(() =>
        next.handle().subscribe({
          next: (value) => subscriber.next({ value, wrote: writesOfWork.wrote() }),
          error: (error: unknown) => subscriber.error(error),
          complete: () => subscriber.complete(),
        }),
      ),
    ).pipe(concatMap(({ value, wrote }) => (wrote ? from(this.shown(context, value)) : [value])));
  }

  private async shown(context: ExecutionContext, value: unknown): Promise<unknown> {
    if (!(await this.progress.caughtUp())) {
      const { method, url } = context.switchToHttp().getRequest<{ method: string; url: string }>();
      this.log.warn(`${method} ${url.split('?')[0]} answered before the read models showed its write`);
    }
    return value;
  }
}
