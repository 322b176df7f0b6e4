import { Aggregator, Context } from 'mingo';

/**
 * Evaluates an aggregation pipeline with mingo (MongoDB's query language in JavaScript, a test tool), told two things
 * the real pair of the Node driver and the server do that mingo alone does not:
 * - the driver stores a JavaScript number as a 32-bit int when it is one, and as a double otherwise (an epoch
 *   millisecond is a double);
 * - the server writes a double as text with six significant digits, as C's `%g` does (`1.764e+12` for an epoch
 *   millisecond), where mingo writes every digit.
 * A pipeline that reads numbers as text must then give the same answers here as on a server.
 */
const isInt32 = (value: number): boolean => Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31;

/** C's `%g`: six significant digits, trailing zeros dropped, an exponent of two digits or more past 1e6, under 1e-4. */
export const formatG = (value: number): string => {
  if (value === 0 || !Number.isFinite(value)) return String(value);
  const exponent = Math.floor(Math.log10(Math.abs(value)));
  const trimmed = (digits: string): string => (digits.includes('.') ? digits.replace(/\.?0+$/, '') : digits);
  if (exponent < -4 || exponent >= 6) {
    const [mantissa, power] = value.toExponential(5).split('e');
    return `${trimmed(mantissa)}e${power[0]}${power.slice(1).padStart(2, '0')}`;
  }
  return trimmed(value.toFixed(5 - exponent));
};

const bsonType = (value: unknown): string => {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (typeof value === 'number') return isInt32(value) ? 'int' : 'double';
  if (typeof value === 'boolean') return 'bool';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'date';
  return typeof value;
};

/** An operator's argument, evaluated on the document it is applied to (mingo's evaluator is not exported here). */
const evaluate = (obj: object, expr: unknown): unknown =>
  (new Aggregator([{ $set: { argument: expr } }], { context: serverContext }).run([obj])[0] as { argument?: unknown })
    .argument;

/**
 * The operators that behave as on a server, under names of their own: mingo keeps its own operator where a context
 * adds one of the same name, so the pipeline's `$type` and `$toString` are renamed to these.
 */
const SERVER_NAMES: Readonly<Record<string, string>> = { $type: '$serverType', $toString: '$serverToString' };

const isToLong = (expr: unknown): boolean =>
  typeof expr === 'object' && expr !== null && Object.keys(expr).length === 1 && '$toLong' in expr;

const serverOperators = {
  $serverType: (obj: object, expr: unknown) => bsonType(evaluate(obj, expr)),
  $serverToString: (obj: object, expr: unknown) => {
    const value = evaluate(obj, expr);
    if (value === null || value === undefined) return null;
    // mingo's `$toLong` answers a plain number: on a server it is a 64-bit integer, written with every digit
    if (isToLong(expr) && typeof value === 'number') return BigInt(Math.trunc(value)).toString();
    if (typeof value === 'number') return isInt32(value) ? String(value) : formatG(value);
    if (value instanceof Date) return value.toISOString();
    return String(value);
  },
};

// mingo types each operator's arguments as the intersection of every operator's: ours take the common two
const serverContext: Context = Context.init({ expression: serverOperators as never });

/**
 * The pipeline with its expression operators renamed; a `$match` holds a query, whose `$type` is the query
 * operator, except inside its `$expr`.
 */
const renamed = (value: unknown, expression = true): unknown => {
  if (Array.isArray(value)) return value.map((inner) => renamed(inner, expression));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      if (key === '$literal') return [key, inner];
      if (key === '$match') return [key, renamed(inner, false)];
      if (key === '$expr') return [key, renamed(inner, true)];
      return [expression ? (SERVER_NAMES[key] ?? key) : key, renamed(inner, expression)];
    }),
  );
};

/** The documents `pipeline` gives on `stored`, as a server fed by the Node driver would give them. */
export const onServer = <T>(pipeline: object[], stored: readonly object[]): T[] =>
  new Aggregator(renamed(pipeline) as Record<string, unknown>[], { context: serverContext }).run([...stored]) as T[];
