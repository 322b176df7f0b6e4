import { partnerType } from '../../../application/shared/partner-type';
import { RequestValidationError } from './problem';

/**
 * The list shapes of `/partner/v3`: `List{@type, items}` and `CursorList{@type, items, next}`. A cursor is the
 * keyset position of the last item, base64url JSON: opaque to clients, and a tampered one is a 400, never a 500.
 */
export const list = <T>(namespace: string, items: readonly T[]) => ({ '@type': partnerType(namespace, 'List'), items });

/** `next.$cursor` is the cursor of the following page, and null on the last one (as the published schema has it). */
export const cursorList = <T>(namespace: string, items: readonly T[], next: unknown | null) => ({
  '@type': partnerType(namespace, 'CursorList'),
  items,
  next: { $cursor: next === null ? null : encodeCursor(next) },
});

/** Surface D's cursor list: `next` is null on the last page (`interface-spec.md`: an object or null). */
export const resellerPage = <T>(namespace: string, items: readonly T[], next: unknown | null) => ({
  '@type': partnerType(namespace, 'CursorList'),
  items,
  next: next === null ? null : { $cursor: encodeCursor(next) },
});

export const encodeCursor = (position: unknown): string =>
  Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');

/** The position a cursor holds, checked by `isPosition`; undefined when no cursor was sent. */
export const decodeCursor = <T>(
  cursor: unknown,
  isPosition: (value: unknown) => value is T,
  path = '$cursor',
): T | undefined => {
  if (cursor === undefined) return undefined;
  const refuse = (): never => {
    throw new RequestValidationError([{ path, message: 'is not a cursor this list gave out' }]);
  };
  if (typeof cursor !== 'string' || cursor.length === 0 || cursor.length > 1024 || !/^[A-Za-z0-9_-]+$/.test(cursor))
    return refuse();
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return refuse();
  }
  return isPosition(position) ? position : refuse();
};
