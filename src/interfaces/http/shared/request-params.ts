import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { OVER_LIMIT } from './validation';

/**
 * Declarations of query and path parameters. A route's parameters are a class of these, validated by the global
 * pipe (an unknown parameter is refused like an unknown body property) and documented from the same class.
 */

export interface RepeatedOptions {
  /** At least this many values (a required parameter); none: optional. */
  readonly min?: number;
  readonly max: number;
  /** Longest value; 300 unless given. */
  readonly maxLength?: number;
  readonly oneOf?: readonly string[];
  /** More than `max` values is `EXCEEDS_LIMIT` rather than a malformed request (surface C). */
  readonly overLimit?: boolean;
  readonly description: string;
}

/** A query parameter given once per value (`?query=a&query=b`): a list of non-empty strings. */
export const Repeated = (options: RepeatedOptions) =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => (value === undefined || Array.isArray(value) ? value : [value])),
    ...(options.min ? [ArrayMinSize(options.min)] : [IsOptional()]),
    IsArray(),
    ArrayMaxSize(options.max, options.overLimit ? OVER_LIMIT : {}),
    IsString({ each: true }),
    IsNotEmpty({ each: true, message: 'values must not be empty' }),
    MaxLength(options.maxLength ?? 300, { each: true }),
    ...(options.oneOf ? [IsIn(options.oneOf, { each: true })] : []),
    JSONSchema({ description: options.description }),
  );

/** A query parameter given at most once (a second value is refused, not ignored). */
export const Once = (options: { oneOf?: readonly string[]; maxLength?: number; description: string }) =>
  applyDecorators(
    IsOptional(),
    IsString({ message: 'must be given once, as text' }),
    MaxLength(options.maxLength ?? 1024),
    ...(options.oneOf ? [IsIn(options.oneOf)] : []),
    JSONSchema({ description: options.description }),
  );

/** `$preview=true` validates and quotes a change without making it. */
export class PreviewQuery {
  @Once({
    oneOf: ['true', 'false'],
    description: 'true: validate and quote the change without making it (an operation in status PREVIEW)',
  })
  $preview?: 'true' | 'false';
}

/** `$cursor`: where a page of a list starts, as `next.$cursor` of the page before gave it. */
export class CursorQuery {
  @Once({ maxLength: 1024, description: 'The `next.$cursor` of the previous page; absent for the first page' })
  $cursor?: string;
}

/** A route that takes no query parameter: any sent is refused. */
export class NoQuery {}
