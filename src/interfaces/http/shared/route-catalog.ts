import { INestApplication, RequestMethod, Type } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import { ACCESS_METADATA, RouteAccess } from './auth/access';
import { TAKES_FORM } from './http-input';
import { IDEMPOTENT } from './idempotent';
import { readsBody } from './undeclared-body.guard';
import { DOCUMENTED, RouteDocumentation } from './openapi/documented';

export interface CatalogRoute {
  readonly method: string;
  /** Full paths, with `:param` placeholders. */
  readonly paths: readonly string[];
  readonly access: RouteAccess | undefined;
  /** The route also takes `application/x-www-form-urlencoded` bodies. */
  readonly takesForm: boolean;
  /** The status of its success answer. */
  readonly status: number;
  /** The classes its query, path parameters and body are checked against, where it declares them. */
  readonly query?: Type;
  readonly params?: Type;
  readonly body?: Type;
  /** It reads its body itself, in a format of its own (the chain proxy's JSON-RPC): no class checks it. */
  readonly readsOwnBody: boolean;
  /** It takes an `Idempotency-Key` header (`@Idempotent()`). */
  readonly idempotent: boolean;
  readonly documentation?: RouteDocumentation;
}

const joinPath = (...parts: string[]): string =>
  `/${parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/')}`;

/** A class a parameter decorator validates against: none for plain values (`string`) and untyped bodies. */
const declaredClass = (type: unknown): Type | undefined =>
  typeof type === 'function' && ![Object, String, Number, Boolean, Array].includes(type as never)
    ? (type as Type)
    : undefined;

/** The classes behind `@Query()`, `@Param()` and `@Body()` of a handler, from Nest's own metadata. */
const argumentClasses = (
  controller: Type,
  name: string,
  prototype: object,
): Pick<CatalogRoute, 'query' | 'params' | 'body'> => {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<
    string,
    { index: number; data?: unknown }
  >;
  const types = (Reflect.getMetadata('design:paramtypes', prototype, name) ?? []) as unknown[];
  const found: { query?: Type; params?: Type; body?: Type } = {};
  for (const [key, { index, data }] of Object.entries(args)) {
    if (data !== undefined) continue; // `@Param('name')`: one value, not a class of them
    const kind = Number(key.split(':')[0]);
    const type = declaredClass(types[index]);
    if (kind === RouteParamtypes.QUERY) found.query = type;
    if (kind === RouteParamtypes.PARAM) found.params = type;
    if (kind === RouteParamtypes.BODY) found.body = type;
  }
  return found;
};

/**
 * Every route the application registered, with what it declares: access, parameter and body classes, its answer.
 * The source of the authorization and hostile-input tests and of the OpenAPI documents.
 */
export const routeCatalogOf = (
  discovery: DiscoveryService,
  scanner: MetadataScanner,
  reflector: Reflector,
): CatalogRoute[] =>
  discovery.getControllers().flatMap((wrapper) => {
    const instance = wrapper.instance as object | undefined;
    if (!instance || !wrapper.metatype) return [];
    const controller = wrapper.metatype as Type;
    const controllerPaths = [reflector.get<string | string[]>(PATH_METADATA, controller) ?? ''].flat();
    const prototype = Object.getPrototypeOf(instance) as Record<string, (...args: unknown[]) => unknown>;
    return scanner.getAllMethodNames(prototype).flatMap((name) => {
      const handler = prototype[name];
      const methodPaths = reflector.get<string | string[] | undefined>(PATH_METADATA, handler);
      if (methodPaths === undefined) return [];
      const requestMethod = reflector.get<RequestMethod>(METHOD_METADATA, handler);
      const method = RequestMethod[requestMethod];
      const access = (reflector.get(ACCESS_METADATA, handler) ?? reflector.get(ACCESS_METADATA, controller)) as
        RouteAccess | undefined;
      const paths = controllerPaths.flatMap((base) => [methodPaths].flat().map((path) => joinPath(base, path)));
      const takesForm =
        reflector.get<Partial<typeof TAKES_FORM> | undefined>(FASTIFY_ROUTE_CONFIG_METADATA, handler)?.takesForm ===
        true;
      const status =
        reflector.get<number | undefined>(HTTP_CODE_METADATA, handler) ??
        (requestMethod === RequestMethod.POST ? 201 : 200);
      const documentation = reflector.get<RouteDocumentation | undefined>(DOCUMENTED, handler);
      const classes = argumentClasses(controller, name, prototype);
      return [
        {
          method,
          paths,
          access,
          takesForm,
          status,
          ...classes,
          body: documentation?.body ?? classes.body,
          readsOwnBody: readsBody(controller, name) && classes.body === undefined,
          idempotent: reflector.get<boolean | undefined>(IDEMPOTENT, handler) === true,
          documentation,
        },
      ];
    });
  });

export const routeCatalog = (app: INestApplication): CatalogRoute[] =>
  routeCatalogOf(app.get(DiscoveryService), app.get(MetadataScanner), app.get(Reflector));
