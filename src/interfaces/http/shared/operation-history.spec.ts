import { redacted } from './operation-history';

describe('data as a history shows it', () => {
  it('leaves secrets out, at any depth', () =>
    expect(
      redacted({
        name: 'a.com',
        passwordHash: '$argon2id$x',
        contact: { sealedPhone: 'v1:abc', email: 'a@example.com' },
        keys: [{ secretDigest: 'ff', prefix: 'svc_' }],
      }),
    ).toEqual({ name: 'a.com', contact: { email: 'a@example.com' }, keys: [{ prefix: 'svc_' }] }));

  it('shows a URL without its query, where partners put tokens', () =>
    expect(
      redacted({ url: 'https://hooks.example/in?token=s3cret&x=1', other: { url: 'https://plain.example/x' } }),
    ).toEqual({ url: 'https://hooks.example/in?…', other: { url: 'https://plain.example/x' } }));

  it('shows the maps and sets of a folded state as objects and lists, redacted too', () =>
    expect(
      redacted({
        orders: new Map([['ord-1', { balanceCents: 5, secretNote: 'x' }]]),
        refunds: new Set(['re-1', 're-2']),
      }),
    ).toEqual({ orders: { 'ord-1': { balanceCents: 5 } }, refunds: ['re-1', 're-2'] }));

  it('passes plain values through', () => {
    expect(redacted(null)).toBeNull();
    expect(redacted(7)).toBe(7);
    expect(redacted('text?x')).toBe('text?x');
  });
});
