import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { Issue, RequestValidationError } from './problem';

const issuesOf = (errors: ValidationError[], parent = ''): Issue[] =>
  errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ path, message }));
    return [...own, ...issuesOf(error.children ?? [], path)];
  });

/**
 * One validation pipe for every surface: unknown properties are rejected, nothing is coerced ("12" is not 12),
 * and the problems come back as a list of issues that each surface renders in its own error format.
 */
/** A body declared by a DTO class must be a JSON object: `null`, a string or an array is not an empty DTO. */
class ObjectBodyValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const declared = metadata.type === 'body' && typeof metadata.metatype === 'function' && metadata.metatype !== Object;
    if (declared && (typeof value !== 'object' || value === null || Array.isArray(value))) {
      throw new RequestValidationError([{ path: '', message: 'the body must be a JSON object' }]);
    }
    return super.transform(value, metadata);
  }
}

export const createValidationPipe = (): ValidationPipe =>
  new ObjectBodyValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new RequestValidationError(issuesOf(errors)),
  });
