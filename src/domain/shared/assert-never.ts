/**
 * Ends a switch over a union: the compiler proves it unreachable, and a stored value from a newer version fails loudly.
 */
export const assertNever = (value: never): never => {
  throw new Error(`unexpected value: ${JSON.stringify(value)}`);
};
