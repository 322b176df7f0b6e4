import { JsonBodyRefused, MAX_BODY_DEPTH, parseJsonBody } from './json-body';

const refusal = (text: string): { path: string; message: string } | undefined => {
  try {
    parseJsonBody(text);
    return undefined;
  } catch (error) {
    if (error instanceof JsonBodyRefused) return error.issue;
    throw error;
  }
};

describe('parseJsonBody', () => {
  it('parses ordinary bodies as JSON.parse does', () => {
    const body = '{"name":"a.crypto","records":{"crypto.ETH.address":"0x1"},"list":[1,{"b":[true,null]}],"s":"a\\"{["}';
    expect(parseJsonBody(body)).toEqual(JSON.parse(body));
  });

  it(`takes ${MAX_BODY_DEPTH} levels and refuses one more, objects and arrays alike`, () => {
    const nested = (depth: number, open: string, close: string) => `${open.repeat(depth)}${close.repeat(depth)}`;
    expect(() => parseJsonBody(nested(MAX_BODY_DEPTH, '[', ']'))).not.toThrow();
    expect(refusal(nested(MAX_BODY_DEPTH + 1, '[', ']'))?.message).toMatch(/deeper than 32/);
    expect(refusal(`${'{"a":'.repeat(MAX_BODY_DEPTH + 1)}1${'}'.repeat(MAX_BODY_DEPTH + 1)}`)).toEqual({
      path: Array(MAX_BODY_DEPTH).fill('a').join('.'),
      message: expect.stringMatching(/deeper/),
    });
  });

  it('refuses 10,000 levels without recursing (and unbalanced ones too)', () => {
    expect(refusal('['.repeat(10_000) + ']'.repeat(10_000))?.message).toMatch(/deeper/);
    expect(refusal('{"a":'.repeat(10_000))?.message).toMatch(/deeper/);
  });

  it('counts brackets inside strings as text', () => {
    expect(parseJsonBody(`{"a":"${'['.repeat(100)}"}`)).toEqual({ a: '['.repeat(100) });
  });

  it('refuses a key given twice, also when escaped differently', () => {
    expect(refusal('{"name":"a","name":"b"}')).toEqual({ path: 'name', message: 'is given twice' });
    expect(refusal('{"records":{"a":"1","\\u0061":"2"}}')).toEqual({ path: 'records.a', message: 'is given twice' });
    expect(parseJsonBody('{"a":{"x":1},"b":{"x":2}}')).toEqual({ a: { x: 1 }, b: { x: 2 } });
  });

  it('refuses __proto__ anywhere and prototype under constructor', () => {
    expect(refusal('{"__proto__":{"admin":true}}')?.message).toMatch(/__proto__/);
    expect(refusal('{"records":{"__proto__":"x"}}')?.path).toBe('records');
    expect(refusal('{"constructor":{"prototype":{"admin":true}}}')?.message).toMatch(/prototype/);
    expect(parseJsonBody('{"prototype":1,"constructor":"x"}')).toEqual({ prototype: 1, constructor: 'x' });
  });

  it('refuses NUL and unpaired surrogates in keys and values, keeps paired ones', () => {
    expect(refusal('{"password":"a\\u0000b"}')).toEqual({ path: 'password', message: expect.stringMatching(/NUL/) });
    expect(refusal('{"a\\u0000":1}')?.message).toMatch(/NUL/);
    expect(refusal('{"name":"\\ud800"}')?.message).toMatch(/surrogates/);
    expect(refusal('{"name":"\\udc00x"}')?.message).toMatch(/surrogates/);
    expect(parseJsonBody('{"name":"\\ud83d\\ude00"}')).toEqual({ name: '😀' });
  });

  it('leaves malformed JSON to JSON.parse', () => {
    for (const text of ['{"a":', '{"a" 1}', '"unterminated', '{"a":"\\x"}', '', 'name=a']) {
      expect(() => parseJsonBody(text)).toThrow(SyntaxError);
    }
  });
});
