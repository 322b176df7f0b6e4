import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import { acting, credentialActorOf } from '../../../application/shared/acting';
import { Principal } from '../../../application/identity/authenticator';

/**
 * Every request acts as the credential the guard found (`credential:<kind>:<id>`), or as a visitor (a signup, a page
 * opened by a link): the events it appends name their actor for the audit.
 */
@Injectable()
export class ActorInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const { principal } = context.switchToHttp().getRequest<{ principal?: Principal }>();
    const actor = principal ? credentialActorOf(principal) : 'visitor';
    // the handler runs when the stream is subscribed: inside the actor's scope
    return new Observable((subscriber) => acting.as(actor, () => next.handle().subscribe(subscriber)));
  }
}
