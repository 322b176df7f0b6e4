import { Injectable } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { DependencyExecutors } from '../../../../application/operations/dependency-executors';
import { routeCatalogOf } from '../route-catalog';
import { buildDocument } from './build-document';
import { dtoSchemas } from './dto-schemas';
import { SurfaceDocument } from './surface-document';

/** The OpenAPI documents of the surfaces this process serves; each surface module registers its own. */
@Injectable()
export class OpenApiDocuments {
  private readonly surfaces = new Map<string, SurfaceDocument>();
  private readonly built = new Map<string, Record<string, unknown>>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly executors: DependencyExecutors,
  ) {}

  register(surface: SurfaceDocument): void {
    this.surfaces.set(surface.name, surface);
  }

  names(): string[] {
    return [...this.surfaces.keys()];
  }

  /** Built on first use, once every route is registered, and kept: routes do not change while the process runs. */
  document(name: string): Record<string, unknown> | undefined {
    const surface = this.surfaces.get(name);
    if (!surface) return undefined;
    if (!this.built.has(name)) {
      const routes = routeCatalogOf(this.discovery, this.scanner, this.reflector);
      this.built.set(name, buildDocument(surface, routes, dtoSchemas(), { dependencyTypes: this.executors.types() }));
    }
    return this.built.get(name);
  }
}
