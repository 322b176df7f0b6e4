import { Injectable, PipeTransform } from '@nestjs/common';
import { RequestValidationError } from './problem';

/** For requests whose body is an empty object (`{}`): anything else is rejected like an unknown property. */
@Injectable()
export class EmptyBodyPipe implements PipeTransform {
  transform(body: unknown): Record<string, never> {
    if (body === undefined) return {}; // no body at all
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new RequestValidationError([{ path: '', message: 'the body must be an object' }]);
    const unknown = Object.keys(body);
    if (unknown.length > 0)
      throw new RequestValidationError(unknown.map((path) => ({ path, message: `property ${path} should not exist` })));
    return {};
  }
}
