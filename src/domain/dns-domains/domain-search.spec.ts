import { searchPlanOf, searchVerdictOf } from './domain-search';

// Equivalent mutants:
// - domain-search.ts endingOf and namesOfQuery: `query.trim().toLowerCase()` → `query.trim().toUpperCase()` or
//   `query`: parseSecondLevelName trims and lowercases itself, and only spaces (dropped) are left in a label.
// - endingOf: `!LABEL_DOTS.test(text)` → `false`: a term without a dot never parses as a full name either.
// - namesOfQuery: `/\s+/g` → `/\s/g` (every space goes either way); `parsed.name !== full?.name` → `true`: the plan
//   answers each name once, so the full name found again under its own TLD is dropped there.

const SOLD = ['com', 'net', 'org', 'ai', 'io', 'dev'];
const names = (plan: ReturnType<typeof searchPlanOf>) => plan.candidates.map(({ name }) => name.name);

describe('the plan of a domain search', () => {
  it('searches a term, spaces dropped, under the five defaults the service sells', () => {
    const plan = searchPlanOf(['Coffee Shop'], undefined, ['com', 'ai', 'dev']);
    expect(plan.searchedTlds).toEqual(['com', 'ai']);
    expect(names(plan)).toEqual(['coffeeshop.com', 'coffeeshop.ai']);
  });

  it('takes the TLDs of full names when none are asked, and asked ones before them', () => {
    expect(searchPlanOf(['coffee.dev', 'tea'], undefined, SOLD).searchedTlds).toEqual(['dev']);
    expect(names(searchPlanOf(['coffee.dev', 'tea'], undefined, SOLD))).toEqual(['coffee.dev', 'tea.dev']);
    expect(names(searchPlanOf(['coffee.dev'], ['com'], SOLD))).toEqual(['coffee.dev', 'coffee.com']);
  });

  it('says why a query makes no name, and lets it infer no TLD', () => {
    const plan = searchPlanOf(['tea & cake', 'www.tea.com', 'tea.nope', 'tea'], undefined, SOLD);
    expect(plan.queries.map(({ invalidReason }) => invalidReason)).toEqual([
      expect.stringContaining('&'),
      expect.stringMatching(/subdomain/i),
      expect.stringContaining('.nope'),
      null,
    ]);
    expect(plan.queries[0].invalidCharacters).toEqual(['&']);
    expect(plan.searchedTlds).toEqual(['com', 'net', 'org', 'ai', 'io']);
  });

  it('answers each name once, for the first query that asks it', () => {
    const plan = searchPlanOf(['tea.com', 'tea'], ['com'], SOLD);
    expect(plan.candidates.map(({ name, query }) => [name.name, query])).toEqual([['tea.com', 'tea.com']]);
  });

  it('takes no TLDs asked as none asked', () =>
    expect(searchPlanOf(['coffee.dev'], [], SOLD).searchedTlds).toEqual(['dev']));

  it('infers at most five TLDs', () =>
    expect(searchPlanOf(['a.com', 'b.net', 'c.org', 'd.ai', 'e.io', 'f.dev'], undefined, SOLD).searchedTlds).toEqual([
      'com',
      'net',
      'org',
      'ai',
      'io',
    ]));

  it('names every character a name cannot hold, and none when it refuses a query for another reason', () => {
    expect(searchPlanOf(['tea & cake!', 'tea.nope', 'tea'], ['com'], SOLD).queries).toEqual([
      {
        query: 'tea & cake!',
        invalidReason: 'The query contains characters a domain name cannot hold: & !',
        invalidCharacters: ['&', '!'],
      },
      { query: 'tea.nope', invalidReason: expect.stringContaining('.nope'), invalidCharacters: [] },
      { query: 'tea', invalidReason: null, invalidCharacters: [] },
    ]);
  });

  it('refuses a query without letters or digits, and one that makes no label', () => {
    expect(searchPlanOf(['   '], ['com'], SOLD).queries).toEqual([
      { query: '   ', invalidReason: 'The query holds no letters or digits.', invalidCharacters: [] },
    ]);
    const plan = searchPlanOf(['tea-'], ['com'], SOLD);
    expect(plan.queries).toEqual([
      { query: 'tea-', invalidReason: expect.stringMatching(/hyphen/), invalidCharacters: [] },
    ]);
    expect(plan.candidates).toEqual([]);
  });

  it('keeps internationalized names as A-labels', () =>
    expect(names(searchPlanOf(['café'], ['com'], SOLD))).toEqual(['xn--caf-dma.com']));
});

describe('the verdict of a searched name', () => {
  it('reads availability as an agent buys: from the registry, from a seller, or not at all', () => {
    expect(searchVerdictOf({ status: 'AVAILABLE', source: 'SERVICE' })).toEqual({
      available: true,
      marketplace: { status: 'available', source: 'service' },
    });
    expect(searchVerdictOf({ status: 'AVAILABLE_FROM_SELLER', source: 'EXTMARKET_B' })).toEqual({
      available: true,
      marketplace: { status: 'registered-listed-for-sale', source: 'extmarket_b' },
    });
    expect(searchVerdictOf({ status: 'REGISTERED', source: 'SERVICE' })).toEqual({
      available: false,
      marketplace: { status: 'registered-not-for-sale', source: 'service' },
    });
    expect(searchVerdictOf({ status: 'REGISTERED', source: 'SERVICE', offersOnly: true })).toEqual({
      available: false,
      marketplace: { status: 'registered-listed-for-offers', source: 'service' },
    });
    expect(searchVerdictOf({ status: 'AVAILABLE_FROM_SELLER', source: 'SERVICE' })).toEqual({
      available: true,
      marketplace: { status: 'registered-listed-for-sale', source: 'service' },
    });
    expect(searchVerdictOf({ status: 'DISALLOWED', source: 'SERVICE' })).toEqual({
      available: false,
      marketplace: { status: 'invalid', source: 'service' },
    });
    expect(searchVerdictOf({ status: 'EXCEEDS_PRICE_LIMIT', source: 'SERVICE' })).toEqual({
      available: false,
      marketplace: { status: 'unavailable', source: 'service' },
    });
  });
});
