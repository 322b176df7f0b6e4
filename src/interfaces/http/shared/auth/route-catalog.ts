import { INestApplication, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import { TAKES_FORM } from '../http-input';
import { ACCESS_METADATA, RouteAccess } from './access';

export interface CatalogRoute {
  readonly method: string;
  /** Full paths, with `:param` placeholders. */
  readonly paths: readonly string[];
  readonly access: RouteAccess | undefined;
  /** The route also takes `application/x-www-form-urlencoded` bodies. */
  readonly takesForm: boolean;
}

const joinPath = (...parts: string[]): string => `/${parts.flatMap((part) => part.split('/')).filter(Boolean).join('/')}`;

/** Every route the application registered, with the access it declares: the source of the authorization tests. */
export const routeCatalog = (app: INestApplication): CatalogRoute[] => {
  const discovery = app.get(DiscoveryService);
  const scanner = app.get(MetadataScanner);
  const reflector = app.get(Reflector);
  return discovery.getControllers().flatMap((wrapper) => {
    const instance = wrapper.instance as object | undefined;
    if (!instance || !wrapper.metatype) return [];
    const controllerPaths = [reflector.get<string | string[]>(PATH_METADATA, wrapper.metatype) ?? ''].flat();
    const prototype = Object.getPrototypeOf(instance) as Record<string, (...args: unknown[]) => unknown>;
    return scanner.getAllMethodNames(prototype).flatMap((name) => {
      const handler = prototype[name];
      const methodPaths = reflector.get<string | string[] | undefined>(PATH_METADATA, handler);
      if (methodPaths === undefined) return [];
      const method = RequestMethod[reflector.get<RequestMethod>(METHOD_METADATA, handler)];
      const access = (reflector.get(ACCESS_METADATA, handler) ?? reflector.get(ACCESS_METADATA, wrapper.metatype as Function)) as RouteAccess | undefined;
      const paths = controllerPaths.flatMap((base) => [methodPaths].flat().map((path) => joinPath(base, path)));
      const takesForm = reflector.get<Partial<typeof TAKES_FORM> | undefined>(FASTIFY_ROUTE_CONFIG_METADATA, handler)?.takesForm === true;
      return [{ method, paths, access, takesForm }];
    });
  });
};
