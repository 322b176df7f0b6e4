/** An event as a decider sees it: a past-tense type name and its data. */
export type DomainEvent<Type extends string = string, Data = unknown> = Readonly<{ type: Type; data: Readonly<Data> }>;

/** A command as a decider sees it: an imperative type name and its data. */
export type DomainCommand<Type extends string = string, Data = unknown> = Readonly<{
  type: Type;
  data: Readonly<Data>;
}>;

export type EventOf<E extends DomainEvent, T extends E['type']> = Extract<E, { type: T }>;

/**
 * The data of a message on a stream: the fields that name its stream and subject (`Key`), when it happened, and what
 * the message itself says. Each context names its key once (`type Of<Data> = MessageData<{ accountId: string },
 * Data>`).
 */
export type MessageData<Key, Data = unknown> = Key & { at: number } & Data;
