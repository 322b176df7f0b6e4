import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { Refused } from '../shared/errors';
import { DomainCommand, DomainEvent } from '../shared/message';

/**
 * The tags an account puts on one of its domains to sort its portfolio (`svc_domain_tags_add`, `_remove`): 1 to 20
 * characters each, at most `MAX_TAGS` per domain. They belong to one holding of the domain (a registration, a
 * transfer to a wallet): a domain that changes hands, even back to the same account, starts without tags.
 */
export const domainTagsStream = (accountId: string, name: string, holding: string): string =>
  `domain-tags-${accountId}-${name}-${holding}`;

export const MAX_TAGS = 50;
export const MAX_TAG_LENGTH = 20;

export type RegistryType = 'dns' | 'web3';

type TagsData = {
  accountId: string;
  registryType: RegistryType;
  name: string;
  /** The holding the tags belong to: the registration's operation, or the transfer that brought the token. */
  holding: string;
  at: number;
};
/** The whole set after a change, so that a reader needs the last event only. */
export type DomainTagsChanged = DomainEvent<'DomainTagsChanged', TagsData & { tags: string[] }>;
export type DomainTagsEvent = DomainTagsChanged;

export type AddDomainTags = DomainCommand<'AddDomainTags', TagsData & { tags: string[] }>;
export type RemoveDomainTags = DomainCommand<'RemoveDomainTags', TagsData & { tags: string[] }>;
export type DomainTagsCommand = AddDomainTags | RemoveDomainTags;

export type DomainTags = Readonly<{ tags: readonly string[] }>;

/** Tags compare as their trimmed, lowercased text: `Client A` and `client a` are one tag. */
export const normalizedTag = (tag: string): string => tag.trim().toLowerCase();

const changed = (data: TagsData, tags: string[]): DomainTagsEvent[] => [
  { type: 'DomainTagsChanged', data: { ...data, tags } },
];

const decide = (command: DomainTagsCommand, state: DomainTags): DomainTagsEvent[] => {
  const { tags: asked, ...data } = command.data;
  const tags = [...new Set(asked.map(normalizedTag))];
  switch (command.type) {
    case 'AddDomainTags': {
      const bad = tags.find((tag) => tag.length === 0 || tag.length > MAX_TAG_LENGTH);
      if (bad !== undefined) throw new Refused('VALIDATION', `a tag is 1 to ${MAX_TAG_LENGTH} characters`);
      const added = tags.filter((tag) => !state.tags.includes(tag));
      if (added.length === 0) return [];
      if (state.tags.length + added.length > MAX_TAGS)
        throw new Refused('EXCEEDS_LIMIT', `a domain carries at most ${MAX_TAGS} tags`, { limit: MAX_TAGS });
      return changed(data, [...state.tags, ...added]);
    }
    case 'RemoveDomainTags': {
      const kept = state.tags.filter((tag) => !tags.includes(tag));
      return kept.length === state.tags.length ? [] : changed(data, kept);
    }
    default:
      return assertNever(command);
  }
};

export const domainTagsDecider: Decider<DomainTagsCommand, DomainTagsEvent, DomainTags> = {
  initialState: () => ({ tags: [] }),
  evolve: (_state, event) => ({ tags: event.data.tags }),
  decide,
};
