import { CatalogRoute } from '../route-catalog';
import { JsonSchema } from './json-schema';

/** What a surface's document is built from besides its routes' own declarations. */
export interface SurfaceDocumentContext {
  /** Dependency types an executor of this process runs (the test executor's only when enabled). */
  readonly dependencyTypes: readonly string[];
}

/** One surface's OpenAPI document: which routes it holds, under which base path, and the schemas of its answers. */
export interface SurfaceDocument {
  /** The document's file name: served at `/openapi/<name>.json`. */
  readonly name: string;
  readonly title: string;
  readonly version: string;
  readonly description: string;
  /** Paths are written relative to it, as the surface's server URL. */
  readonly basePath: string;
  /** Whether the route, at one of its paths, belongs to the surface. */
  readonly includes: (route: CatalogRoute, path: string) => boolean;
  /** How its bearer credential is obtained; none for a surface without credentials. */
  readonly credential?: string;
  /** The component schema of every error answer. */
  readonly errorSchema: string;
  readonly schemas: (context: SurfaceDocumentContext) => Record<string, JsonSchema>;
}
