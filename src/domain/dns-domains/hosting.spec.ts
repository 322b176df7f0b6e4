import { isId } from '../shared/ids';
import { forwardedUrlOf, hostedSubNameOf, hostingRecordsOf, targetUrlProblemOf } from './hosting';

// Equivalent mutant: forwardedUrlOf's `target.search.replace(/^\?/, '')` → `/\?/`: a URL's search starts with its
// `?` when it has one, so the first `?` is that one.

describe('hosting', () => {
  it.each([
    ['https://example.org', '/', '', 'https://example.org/'],
    ['https://example.org/base/', '/a/b', '?c=1', 'https://example.org/base/a/b?c=1'],
    ['https://example.org/base?src=x', '/a', '?c=1', 'https://example.org/base/a?src=x&c=1'],
    ['https://example.org/base?src=x', '/a', '', 'https://example.org/base/a?src=x'],
    ['https://example.org/base/', 'a', 'c=1', 'https://example.org/base/a?c=1'],
    ['http://127.0.0.1:8080', '/p', '', 'http://127.0.0.1:8080/p'],
    ['https://example.org', '/p', 'next=/a?b', 'https://example.org/p?next=/a?b'],
  ])('sends %s a request for %s%s to %s', (target, path, query, expected) =>
    expect(forwardedUrlOf(target, path, query)).toBe(expected),
  );

  it('takes absolute http(s) targets without credentials, of at most 2000 characters', () => {
    expect(targetUrlProblemOf('https://example.org/x')).toBeUndefined();
    expect(targetUrlProblemOf('http://example.org/x')).toBeUndefined();
    expect(targetUrlProblemOf('/relative')).toBe('targetUrl must be an absolute URL');
    expect(targetUrlProblemOf('javascript:alert(1)')).toBe('targetUrl must be an http or https URL');
    expect(targetUrlProblemOf('https://user:secret@example.org')).toBe('targetUrl must not carry credentials');
    expect(targetUrlProblemOf('https://user@example.org')).toBe('targetUrl must not carry credentials');
    expect(targetUrlProblemOf('https://:secret@example.org')).toBe('targetUrl must not carry credentials');
    const longest = `https://example.org/${'a'.repeat(2000 - 'https://example.org/'.length)}`;
    expect(targetUrlProblemOf(longest)).toBeUndefined();
    expect(targetUrlProblemOf(`${longest}a`)).toBe('targetUrl must be at most 2000 characters');
  });

  it('hosts one name at a time, never a wildcard', () => {
    expect(hostedSubNameOf(undefined, 'zone.com')).toBe('');
    expect(hostedSubNameOf('WWW', 'zone.com')).toBe('www');
    expect(hostedSubNameOf('*.shop', 'zone.com')).toBeUndefined();
    expect(hostedSubNameOf('shop.*', 'zone.com')).toBeUndefined();
  });

  describe('the addresses of hosted names', () => {
    const addresses = ['192.0.2.10', '2001:db8::10', '192.0.2.11'];

    it('answers each hosted name with the listener’s addresses, each family in its set', () =>
      expect(hostingRecordsOf('zone.com', [{ subName: 'www' }, { subName: '' }], addresses)).toEqual([
        { id: expect.any(String), subName: 'www', type: 'A', values: ['192.0.2.10', '192.0.2.11'], ttl: 300 },
        { id: expect.any(String), subName: 'www', type: 'AAAA', values: ['2001:db8::10'], ttl: 300 },
        { id: expect.any(String), subName: '', type: 'A', values: ['192.0.2.10', '192.0.2.11'], ttl: 300 },
        { id: expect.any(String), subName: '', type: 'AAAA', values: ['2001:db8::10'], ttl: 300 },
      ]));

    it('has no set of a family the listener has no address of', () =>
      expect(hostingRecordsOf('zone.com', [{ subName: 'www' }], ['192.0.2.10']).map((set) => set.type)).toStrictEqual([
        'A',
      ]));

    it('gives each set a record id of its own that stays the same', () => {
      const ids = (zone: string, subName: string) =>
        hostingRecordsOf(zone, [{ subName }], addresses).map((set) => set.id);
      const [a, aaaa] = ids('zone.com', 'www');
      expect([a, aaaa].every((id) => isId('dnsRecord', id))).toBe(true);
      expect(ids('zone.com', 'www')).toEqual([a, aaaa]);
      expect(new Set([a, aaaa, ...ids('zone.com', 'web'), ...ids('zone.net', 'www')]).size).toBe(6);
    });
  });
});
