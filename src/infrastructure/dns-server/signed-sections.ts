import type { Answer } from 'dns-packet';
import { Proof, Sections } from './authoritative-answer';
import { wireTypeOf } from './record-rdata';
import { compareCanonical, ServedZone, ZoneSigning } from './served-zone';

/** NSEC records live as long as negative answers are cached (RFC 4035 §2.3: the SOA's minimum). */
const NSEC_TTL = 300;

/** The NSEC record of a name of the chain: the next name (the apex after the last), and its types. */
export const nsecOf = (zone: ServedZone, signing: ZoneSigning, owner: string): Answer => {
  const index = signing.chain.indexOf(owner);
  const next = signing.chain[(index + 1) % signing.chain.length];
  const rrtypes = (signing.types.get(owner) ?? []).map(wireTypeOf);
  return { name: owner, type: 'NSEC', ttl: NSEC_TTL, class: 'IN', data: { nextDomain: next, rrtypes } } as Answer;
};

/** The NSEC whose span holds a name not in the chain: the one of the last name before it in canonical order. */
const coveringOf = (zone: ServedZone, signing: ZoneSigning, name: string): Answer => {
  let low = 0;
  let high = signing.chain.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (compareCanonical(signing.chain[middle], name) <= 0) low = middle;
    else high = middle - 1;
  }
  return nsecOf(zone, signing, signing.chain[low]);
};

/** The NSEC records (or DS records) each proof needs (RFC 4035 §3.1.3-3.1.4). */
const proofRecords = (zone: ServedZone, signing: ZoneSigning, proof: Proof): Answer[] => {
  switch (proof.kind) {
    case 'NXDOMAIN':
      // the name does not exist, and no wildcard could have made it
      return [coveringOf(zone, signing, proof.name), coveringOf(zone, signing, `*.${proof.encloser}`)];
    case 'NODATA':
      // a name of the chain shows its types; an empty non-terminal lies inside the span of the name before it; a
      // name made from a wildcard shows the wildcard's (RFC 4035 §3.1.3.4: the span of the name comes with WILDCARD)
      if (proof.wildcard) return [nsecOf(zone, signing, proof.wildcard)];
      return [
        signing.types.has(proof.name) ? nsecOf(zone, signing, proof.name) : coveringOf(zone, signing, proof.name),
      ];
    case 'WILDCARD':
      return [coveringOf(zone, signing, proof.name)];
    case 'REFERRAL': {
      const ds = zone.nodes.get(proof.cut)?.get('DS');
      return ds ? [...ds.answers] : [nsecOf(zone, signing, proof.cut)];
    }
  }
};

/** Records grouped into RRsets (one owner and type), in the order they came. */
const rrsetsOf = (records: readonly Answer[]): Answer[][] => {
  const sets = new Map<string, Answer[]>();
  for (const record of records) {
    const key = `${record.name}\u0000${record.type}`;
    sets.set(key, [...(sets.get(key) ?? []), record]);
  }
  return [...sets.values()];
};

/**
 * An answer signed for a resolver that asked for DNSSEC (the DO bit): every authoritative RRset with its RRSIG
 * (a wildcard's signed as the wildcard), delegation NS and glue left unsigned, and the NSEC records that prove what
 * does not exist, signed too.
 */
export const signedSections = (zone: ServedZone, sections: Sections): Sections => {
  const signing = zone.signing!; // only signed zones come here
  const wildcards = new Map(
    (sections.proofs ?? []).flatMap((proof) => (proof.kind === 'WILDCARD' ? [[proof.name, proof.wildcard]] : [])),
  );
  const signed = (records: readonly Answer[], unsigned: (set: Answer[]) => boolean = () => false) =>
    rrsetsOf(records).flatMap((set) =>
      unsigned(set) ? set : [...set, signing.signer.sign(set, wildcards.get(set[0].name))],
    );
  const proofs = [
    ...new Map(
      (sections.proofs ?? [])
        .flatMap((proof) => proofRecords(zone, signing, proof))
        .map((record) => [
          `${record.name}\u0000${record.type}\u0000${JSON.stringify((record as { data?: unknown }).data)}`,
          record,
        ]),
    ).values(),
  ];
  return {
    ...sections,
    answers: signed(sections.answers),
    // the NS of a delegation is the child's to sign
    authorities: signed([...sections.authorities, ...proofs], (set) => set[0].type === 'NS' && !sections.authoritative),
  };
};

/** The whole zone signed for a transfer: every set with its RRSIG, the NSEC chain, glue and delegations unsigned. */
export const signedZone = (zone: ServedZone, records: readonly Answer[]): Answer[] => {
  const signing = zone.signing!;
  const authoritative = (name: string) => signing.types.has(name);
  return [
    ...rrsetsOf(records).flatMap((set) => {
      const owner = set[0].name;
      const delegation = set[0].type === 'NS' && owner !== zone.apex;
      return !authoritative(owner) || delegation ? set : [...set, signing.signer.sign(set)];
    }),
    ...signing.chain.flatMap((owner) => {
      const nsec = nsecOf(zone, signing, owner);
      return [nsec, signing.signer.sign([nsec])];
    }),
  ];
};
