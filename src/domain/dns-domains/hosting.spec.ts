import { forwardedUrlOf, hostedSubNameOf, targetUrlProblemOf } from './hosting';

describe('hosting', () => {
  it.each([
    ['https://example.org', '/', '', 'https://example.org/'],
    ['https://example.org/base/', '/a/b', '?c=1', 'https://example.org/base/a/b?c=1'],
    ['https://example.org/base?src=x', '/a', '?c=1', 'https://example.org/base/a?src=x&c=1'],
    ['http://127.0.0.1:8080', '/p', '', 'http://127.0.0.1:8080/p'],
  ])('sends %s a request for %s%s to %s', (target, path, query, expected) =>
    expect(forwardedUrlOf(target, path, query)).toBe(expected),
  );

  it('takes absolute http(s) targets without credentials', () => {
    expect(targetUrlProblemOf('https://example.org/x')).toBeUndefined();
    expect(targetUrlProblemOf('/relative')).toMatch(/absolute/);
    expect(targetUrlProblemOf('javascript:alert(1)')).toMatch(/http or https/);
    expect(targetUrlProblemOf('https://user:secret@example.org')).toMatch(/credentials/);
    expect(targetUrlProblemOf(`https://example.org/${'a'.repeat(2000)}`)).toMatch(/2000/);
  });

  it('hosts one name at a time, never a wildcard', () => {
    expect(hostedSubNameOf(undefined, 'zone.com')).toBe('');
    expect(hostedSubNameOf('WWW', 'zone.com')).toBe('www');
    expect(hostedSubNameOf('*.shop', 'zone.com')).toBeUndefined();
  });
});
