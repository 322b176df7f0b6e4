import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { Issue, RequestValidationError } from './problem';

/** Checks of a value's kind: when one fails, the others (a length, a pattern) have nothing sensible to say. */
const KIND_CHECKS: ReadonlySet<string> = new Set(['isDefined', 'isString', 'isObject', 'isNumber', 'isInt', 'isBoolean', 'isArray', 'isIn', 'isEnum']);

/** class-validator starts its messages with the property's name, which the issue's path already gives. */
const withoutProperty = (property: string, message: string): string => (message.startsWith(`${property} `) ? message.slice(property.length + 1) : message);

/** One sentence per problem of a property: missing, unknown, of the wrong kind, or each rule it breaks. */
const messagesOf = (error: ValidationError): string[] => {
  const failed = Object.entries(error.constraints ?? {});
  if (failed.length === 0) return [];
  if (failed.some(([check]) => check === 'whitelistValidation')) return ['is not a property of this body'];
  if (error.value === undefined) return ['is required'];
  const kind = failed.filter(([check]) => KIND_CHECKS.has(check));
  return (kind.length > 0 ? kind : failed).map(([, message]) => withoutProperty(error.property, message));
};

const issuesOf = (errors: ValidationError[], parent = ''): Issue[] =>
  errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    return [...messagesOf(error).map((message) => ({ path, message })), ...issuesOf(error.children ?? [], path)];
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
    // values stay in memory to tell a missing property from a wrong one; no issue repeats them
    validationError: { target: false, value: true },
    exceptionFactory: (errors) => new RequestValidationError(issuesOf(errors)),
  });

/** A body checked against a DTO class by the same rules as the pipe, for routes that must look at it first. */
export const validateBody = <T>(metatype: new () => T, value: unknown): Promise<T> =>
  createValidationPipe().transform(value, { type: 'body', metatype, data: undefined }) as Promise<T>;
