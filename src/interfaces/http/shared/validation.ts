import { ArgumentMetadata, Type, ValidationError, ValidationPipe } from '@nestjs/common';
import { ValidateIf, getMetadataStorage } from 'class-validator';
import { Refused } from '../../../domain/shared/errors';
import { Issue, RequestValidationError } from './problem';

/**
 * Checks of a value's kind, the most telling first: when one fails, it alone is reported, since the others (a
 * length, a pattern, a list of values) have nothing sensible to say of a value of the wrong kind.
 */
const KIND_CHECKS: readonly string[] = [
  'isDefined',
  'isArray',
  'isObject',
  'isString',
  'isNumber',
  'isInt',
  'isBoolean',
  'isIn',
  'isEnum',
];

/**
 * A constraint whose failure is a limit of size (too many values), not a malformed value: `EXCEEDS_LIMIT` on surface C.
 */
export const OVER_LIMIT = { context: { code: 'EXCEEDS_LIMIT' } } as const;

/** class-validator starts its messages with the property's name, which the issue's path already gives. */
const withoutProperty = (property: string, message: string): string =>
  message.startsWith(`${property} `) ? message.slice(property.length + 1) : message;

const UNKNOWN = 'is not a property of this body';

/** One issue per problem of a property: missing, unknown, of the wrong kind, or each rule it breaks. */
const issuesOfProperty = (error: ValidationError, path: string): Issue[] => {
  const failed = Object.entries(error.constraints ?? {});
  if (failed.length === 0) return [];
  if (failed.some(([check]) => check === 'whitelistValidation')) return [{ path, message: UNKNOWN }];
  if (error.value === undefined) return [{ path, message: 'is required' }];
  const kind = KIND_CHECKS.flatMap((check) => failed.filter(([failedCheck]) => failedCheck === check)).slice(0, 1);
  return (kind.length > 0 ? kind : failed).map(([check, message]) => {
    const code = (error.contexts?.[check] as { code?: string } | undefined)?.code;
    return { path, message: withoutProperty(error.property, message), ...(code ? { code } : {}) };
  });
};

const issuesOf = (errors: ValidationError[], parent = ''): Issue[] =>
  errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    return [...issuesOfProperty(error, path), ...issuesOf(error.children ?? [], path)];
  });

/** Too many values and nothing else wrong: the surface's limit code; any other problem: the issues. */
const refusalOf = (issues: Issue[]): Error =>
  issues.length > 0 && issues.every((issue) => issue.code === OVER_LIMIT.context.code)
    ? new Refused('EXCEEDS_LIMIT', issues.map((issue) => `${issue.path} ${issue.message}`).join('; '), {
        parameters: issues.map((issue) => issue.path),
      })
    : new RequestValidationError(issues.map(({ path, message }) => ({ path, message })));

/** Per class: its decorators ran when it was loaded, and looking them up is a scan of every class's metadata. */
const declaresNone = new WeakMap<Type, boolean>();
/**
 * A query or path class that declares no parameter: any parameter sent is unknown (class-validator refuses empty
 * classes).
 */
const declaresNothing = (metatype: Type): boolean => {
  let nothing = declaresNone.get(metatype);
  if (nothing === undefined) {
    nothing = getMetadataStorage().getTargetValidationMetadatas(metatype, '', true, false).length === 0;
    declaresNone.set(metatype, nothing);
  }
  return nothing;
};

/**
 * Keys that whitelisting never sees, so it cannot refuse them: Nest deletes `prototype` and `constructor` before
 * validating, and class-transformer skips any key the built object already has as a method (`toString`, `valueOf`,
 * `hasOwnProperty`, a method of the class itself). Undeclared like any other unknown key, they are refused the same
 * way, at any depth: a key of a nested object is checked against what a plain object inherits.
 */
const hiddenKeysOf = (value: unknown, inherited: object, path = ''): Issue[] => {
  if (typeof value !== 'object' || value === null) return [];
  if (Array.isArray(value))
    return value.flatMap((item, index) =>
      hiddenKeysOf(item, Object.prototype, path ? `${path}.${index}` : String(index)),
    );
  return Object.keys(value).flatMap((key) => {
    const at = path ? `${path}.${key}` : key;
    const hidden = key === 'prototype' || key in inherited;
    return hidden
      ? [{ path: at, message: UNKNOWN }]
      : hiddenKeysOf((value as Record<string, unknown>)[key], Object.prototype, at);
  });
};

const NOUN: Partial<Record<ArgumentMetadata['type'], string>> = {
  query: 'is not a parameter of this route',
  param: 'is not a parameter of this path',
  body: UNKNOWN,
};

/**
 * One validation pipe for every surface: unknown properties are rejected, nothing is coerced ("12" is not 12),
 * and the problems come back as a list of issues that each surface renders in its own error format.
 */
/** A body declared by a DTO class must be a JSON object: `null`, a string or an array is not an empty DTO. */
class ObjectBodyValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const declared =
      typeof metadata.metatype === 'function' && metadata.metatype !== Object && metadata.metatype !== String;
    if (declared && metadata.type === 'body' && (typeof value !== 'object' || value === null || Array.isArray(value))) {
      throw new RequestValidationError([{ path: '', message: 'the body must be a JSON object' }]);
    }
    const noun = NOUN[metadata.type];
    if (!noun || !declared) return super.transform(value, metadata);
    if (declaresNothing(metadata.metatype as Type)) {
      const sent = Object.keys((value ?? {}) as object);
      if (sent.length > 0) throw new RequestValidationError(sent.map((path) => ({ path, message: noun })));
      return value;
    }
    // taken before the transform, which deletes some of them from the value
    const hidden = hiddenKeysOf(value, (metadata.metatype as Type).prototype as object);
    const named = (issues: readonly Issue[]) =>
      issues.map((issue) => (issue.message === UNKNOWN ? { ...issue, message: noun } : issue));
    let transformed: unknown;
    try {
      transformed = await super.transform(value, metadata);
    } catch (error) {
      if (!(error instanceof RequestValidationError)) throw error;
      throw new RequestValidationError(named([...hidden, ...error.issues]));
    }
    if (hidden.length > 0) throw new RequestValidationError(named(hidden));
    return transformed;
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
    exceptionFactory: (errors) => refusalOf(issuesOf(errors)),
  });

/** A body checked against a DTO class by the same rules as the pipe, for routes that must look at it first. */
export const validateBody = <T>(metatype: new () => T, value: unknown): Promise<T> =>
  createValidationPipe().transform(value, { type: 'body', metatype, data: undefined }) as Promise<T>;

/** Optional, but never null: an absent property is not the same as an explicit null (nothing is coerced). */
export const IfPresent = () => ValidateIf((_dto: object, value: unknown) => value !== undefined);
