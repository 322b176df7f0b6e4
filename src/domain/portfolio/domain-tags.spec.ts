import { deciderSpec } from '../../../test/support/decider-spec';
import { Refused } from '../shared/errors';
import { domainTagsDecider, MAX_TAGS } from './domain-tags';

const of = { accountId: 'acc-1', registryType: 'dns', name: 'coffee.com', holding: 'op-1', at: 1 } as const;
const changed = (tags: string[]) => ({ type: 'DomainTagsChanged', data: { ...of, tags } }) as const;
const add = (tags: string[]) => ({ type: 'AddDomainTags', data: { ...of, tags } }) as const;
const remove = (tags: string[]) => ({ type: 'RemoveDomainTags', data: { ...of, tags } }) as const;

describe('domain tags', () => {
  const given = deciderSpec(domainTagsDecider);

  it('adds tags once each, trimmed and lowercased, after those it has', () =>
    given(changed(['clients']))
      .when(add([' Brand ', 'brand', 'CLIENTS']))
      .then(changed(['clients', 'brand'])));

  it('refuses an empty tag, one over 20 characters, and more than the limit', () => {
    const length = { code: 'VALIDATION', message: /^a tag is 1 to 20 characters$/, context: {} } as const;
    given()
      .when(add(['ok', '  ']))
      .thenThrows(Refused, length);
    given()
      .when(add(['x'.repeat(21)]))
      .thenThrows(Refused, length);
    const full = Array.from({ length: MAX_TAGS }, (_, n) => `t${n}`);
    given(changed(full))
      .when(add(['one-more']))
      .thenThrows(Refused, {
        code: 'EXCEEDS_LIMIT',
        message: /^a domain carries at most 50 tags$/,
        context: { limit: 50 },
      });
    given(changed(full.slice(1)))
      .when(add(['one-more', 'two-more']))
      .thenThrows(Refused, { code: 'EXCEEDS_LIMIT' });
  });

  it('takes tags of 20 characters, up to the limit', () => {
    const full = Array.from({ length: MAX_TAGS }, (_, n) => `t${n}`);
    given(changed(full.slice(1)))
      .when(add(['x'.repeat(20)]))
      .then(changed([...full.slice(1), 'x'.repeat(20)]));
  });

  it('starts without tags, and holds those of its last change', () => {
    given().thenState({ tags: [] });
    given(changed(['a']), changed(['b', 'c'])).thenState({ tags: ['b', 'c'] });
  });

  it('fails loudly on a command of a newer version', () =>
    given()
      .when({ type: 'RenameDomainTags', data: { ...of, tags: [] } } as never)
      .thenThrows(Error, /unexpected value/));

  it('says nothing new for tags it has, or removes it does not', () => {
    given(changed(['brand']))
      .when(add(['Brand']))
      .thenNothing();
    given(changed(['brand']))
      .when(remove(['other']))
      .thenNothing();
  });

  it('removes the tags named, keeping the others in order', () =>
    given(changed(['a', 'b', 'c']))
      .when(remove(['B', 'c']))
      .then(changed(['a'])));
});
