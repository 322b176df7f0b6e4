import { Issue } from './problem';

/** How deep a request body may nest: the deepest body of any route is 4 levels; anything far deeper is hostile. */
export const MAX_BODY_DEPTH = 32;

/** A body refused before anything walks it: the issue says why. */
export class JsonBodyRefused extends Error {
  constructor(readonly issue: Issue) {
    super(issue.message);
  }
}

interface Frame {
  readonly kind: 'object' | 'array';
  readonly keys: Set<string>;
  /** The object is the value of a `constructor` key: a `prototype` in it would reach an object's prototype. */
  readonly underConstructor: boolean;
  expectingKey: boolean;
  lastKey: string | null;
}

/**
 * Lone surrogates and NUL cannot be stored (PostgreSQL refuses both in text and jsonb) and mean nothing in our inputs.
 */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const refuse = (path: string, message: string): never => {
  throw new JsonBodyRefused({ path, message });
};

const pathOf = (stack: readonly Frame[]): string =>
  stack.flatMap((frame) => (frame.kind === 'object' && frame.lastKey !== null ? [frame.lastKey] : [])).join('.');

/** The end (index of the closing quote) of the string that opens at `start`; -1 when it never closes. */
const stringEnd = (text: string, start: number): number => {
  for (let index = start + 1; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x5c)
      index++; // a backslash escapes the next character
    else if (code === 0x22) return index;
  }
  return -1;
};

/**
 * Parses a JSON request body after one linear pass over its text that refuses what no route wants and what would
 * hurt whatever walks the body later: nesting deeper than `maxDepth` (validators recurse), duplicate keys (which
 * value counts differs between parsers), `__proto__` and `constructor.prototype` keys, and strings holding NUL
 * or lone surrogates. Malformed JSON is left to `JSON.parse`, which refuses it.
 */
export const parseJsonBody = (text: string, maxDepth = MAX_BODY_DEPTH): unknown => {
  const stack: Frame[] = [];
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x22) {
      const end = stringEnd(text, index);
      if (end < 0) break; // unterminated: JSON.parse says so
      let value: string;
      try {
        value = JSON.parse(text.slice(index, end + 1)) as string;
      } catch {
        break;
      }
      const frame = stack.at(-1);
      if (UNSTORABLE.test(value)) refuse(pathOf(stack), 'must not contain NUL characters or unpaired surrogates');
      if (frame?.kind === 'object' && frame.expectingKey) {
        const parentPath = pathOf(stack.slice(0, -1));
        if (value === '__proto__' || (value === 'prototype' && frame.underConstructor))
          refuse(parentPath, `the key ${value} is not allowed`);
        if (frame.keys.has(value)) refuse([parentPath, value].filter(Boolean).join('.'), 'is given twice');
        frame.keys.add(value);
        frame.lastKey = value;
        frame.expectingKey = false;
      }
      index = end;
    } else if (code === 0x7b || code === 0x5b) {
      if (stack.length >= maxDepth) refuse(pathOf(stack), `the body nests deeper than ${maxDepth} levels`);
      const parent = stack.at(-1);
      stack.push({
        kind: code === 0x7b ? 'object' : 'array',
        keys: new Set(),
        expectingKey: code === 0x7b,
        lastKey: null,
        underConstructor: parent?.kind === 'object' && parent.lastKey === 'constructor',
      });
    } else if (code === 0x7d || code === 0x5d) {
      stack.pop();
    } else if (code === 0x2c) {
      const frame = stack.at(-1);
      if (frame?.kind === 'object') frame.expectingKey = true;
    }
  }
  return JSON.parse(text);
};
