import { ID_PREFIXES, IdKind, idPattern, isId, newId } from './ids';

// Equivalent mutant: `idPattern` `kinds.length === 1` → `false`: the pattern of one kind written as `^(?:…)$` matches
// exactly what `^…$` matches.

const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
const kinds = Object.keys(ID_PREFIXES) as IdKind[];

describe('ids', () => {
  it('are new every time', () => expect(newId('operation')).not.toBe(newId('operation')));

  it('name their kind before the UUID, in lowercase words', () => {
    for (const kind of kinds) {
      expect(newId(kind, uuid)).toMatch(new RegExp(`^[a-z]+(?:_[a-z]+)*[-_]${uuid}$`));
      expect(isId(kind, newId(kind))).toBe(true);
    }
  });

  it('are never taken for an id of another kind, unless both kinds share their prefix on the wire', () => {
    for (const kind of kinds) {
      for (const other of kinds) {
        if (ID_PREFIXES[kind] !== ID_PREFIXES[other]) expect(isId(other, newId(kind, uuid))).toBe(false);
      }
    }
  });

  it('are the whole string, a lowercase UUID after the prefix', () => {
    expect(isId('operation', newId('operation', uuid))).toBe(true);
    expect(isId('operation', `x${newId('operation', uuid)}`)).toBe(false);
    expect(isId('operation', `${newId('operation', uuid)}x`)).toBe(false);
    expect(isId('operation', newId('operation', uuid.toUpperCase()))).toBe(false);
    expect(isId('operation', newId('operation', uuid.slice(1)))).toBe(false);
    expect(isId('operation', uuid)).toBe(false);
    expect(isId('operation', 42)).toBe(false);
    // an array of one id, as a repeated query parameter arrives, is not an id
    expect(isId('operation', [newId('operation', uuid)])).toBe(false);
  });

  it('match the pattern of their kind, or of any of several', () => {
    expect(idPattern('webhook').test(newId('webhook', uuid))).toBe(true);
    expect(idPattern('webhook').test(newId('operation', uuid))).toBe(false);
    const either = idPattern('operation', 'webhook');
    expect(either.test(newId('operation', uuid))).toBe(true);
    expect(either.test(newId('webhook', uuid))).toBe(true);
    expect(either.test(newId('contact', uuid))).toBe(false);
    expect(either.test(`${newId('operation', uuid)}|`)).toBe(false);
    expect(either.test(`x${newId('webhook', uuid)}`)).toBe(false);
  });
});
