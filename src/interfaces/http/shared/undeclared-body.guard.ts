import { CanActivate, ExecutionContext, Injectable, Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { FastifyRequest } from 'fastify';
import { EmptyBodyPipe } from './empty-body.pipe';

/** Whether a handler reads its body (`@Body()`), whatever it checks it against. */
export const readsBody = (controller: object, handler: string): boolean =>
  Object.keys((Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler) ?? {}) as object).some(
    (key) => Number(key.split(':')[0]) === RouteParamtypes.BODY,
  );

/**
 * A route that declares no body takes none: a body with properties is refused like unknown properties are, instead
 * of being ignored while the route acts (no pipe ever sees a body that no parameter asks for).
 */
@Injectable()
export class UndeclaredBodyGuard implements CanActivate {
  private readonly empty = new EmptyBodyPipe();
  /** Per handler: whether it reads its body, found once by its method's name (a made handler has no `name`). */
  private readonly reading = new WeakMap<object, boolean>();

  canActivate(context: ExecutionContext): boolean {
    if (this.readsBody(context.getClass(), context.getHandler())) return true;
    this.empty.transform(context.switchToHttp().getRequest<FastifyRequest>().body);
    return true;
  }

  private readsBody(controller: Type, handler: object): boolean {
    let reads = this.reading.get(handler);
    if (reads === undefined) {
      const prototype = controller.prototype as Record<string, unknown>;
      const name = Object.getOwnPropertyNames(prototype).find((key) => prototype[key] === handler);
      reads = name !== undefined && readsBody(controller, name);
      this.reading.set(handler, reads);
    }
    return reads;
  }
}
