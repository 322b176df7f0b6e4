import { SetMetadata, Type } from '@nestjs/common';
import { DomainErrorCode } from '../../../../domain/shared/errors';

/**
 * What a route's declarations cannot say of it: what it is for, the component schema of its success answer, the
 * codes it refuses with beyond the ones every route can answer, and (for a route that reads its body itself) the
 * class its body is checked against. Parameters, bodies and access come from the route's own declarations.
 */
export interface RouteDocumentation {
  readonly summary: string;
  readonly description?: string;
  /** The component schema of the 2xx answer (its status is the route's). */
  readonly answer: string;
  readonly refuses?: readonly DomainErrorCode[];
  readonly body?: Type;
}

export const DOCUMENTED = 'domain-engine:documented';

export const Documented = (documentation: RouteDocumentation) => SetMetadata(DOCUMENTED, documentation);
