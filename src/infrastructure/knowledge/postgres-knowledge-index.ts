import { createHash } from 'node:crypto';
import { Pool } from 'pg';
import { KnowledgeCorpus, KnowledgeHit, KnowledgeIndex } from '../../application/knowledge/knowledge-index.port';
import { KnowledgeDocument, wordCountsOf } from '../../domain/knowledge/knowledge-text';

// one lock for every corpus: two processes starting at once write a corpus once
const REPLACE_LOCK = 7_460_008;

const digestOf = (documents: readonly KnowledgeDocument[]): string =>
  createHash('sha256').update(JSON.stringify(documents)).digest('hex');

/** The words of a query, typos mended by the corpus's own words (pg_trgm), as one text for `to_tsvector`. */
const MENDED_WORDS = `
  select string_agg(coalesce(known.word, nearest.word, q.term), ' ' order by q.n) as words
  from unnest($2::text[]) with ordinality as q(term, n)
  left join knowledge_words known on known.corpus = $1 and known.word = q.term
  left join lateral (
    select w.word from knowledge_words w
    where length(q.term) >= 4 and w.corpus = $1 and w.word % q.term
    order by similarity(w.word, q.term) desc, w.occurrences desc, w.word limit 1
  ) nearest on known.word is null`;

/**
 * Documents match any word of the query, as a prefix of a word they hold ("renew" finds "renewal"); those that hold
 * them all rank higher, title and keywords above text (weights A, B, C), and short texts above long ones that mention
 * a word in passing (normalization 1: rank / (1 + log(length))). Above all that, a document named exactly as asked
 * (its slug, or the action name of a specification: `svc_domains_search`) comes first, then one whose title says
 * the query word for word ("turn on dnssec" in "How do I turn on DNSSEC", where the word lists alone cannot tell
 * "on" from "off": both are stop words).
 */
const SEARCH = `
  with mended as (${MENDED_WORDS}),
  lexemes as (select lexeme from mended, unnest(to_tsvector('english', coalesce(mended.words, '')))),
  q as (
    select to_tsquery('simple', string_agg(quote_literal(lexeme) || ':*', ' | ')) as any_word,
           to_tsquery('simple', string_agg(quote_literal(lexeme) || ':*', ' & ')) as every_word
    from lexemes having count(*) > 0
  )
  select d.title, d.url,
    ts_headline('english', d.body, q.any_word,
      'StartSel=«, StopSel=», MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "') as snippet,
    ts_rank('{0.1, 0.3, 0.6, 1.0}', d.search, q.any_word, 1)
      + 2 * ts_rank('{0.1, 0.3, 0.6, 1.0}', d.search, q.every_word, 1)
      + case when d.slug = $4 or split_part(d.slug, ':', 2) = $4 then 100 else 0 end
      + case when position($4 in lower(d.title)) > 0 then 10 else 0 end as score
  from knowledge_documents d, q
  where d.corpus = $1 and (d.search @@ q.any_word or d.slug = $4 or split_part(d.slug, ':', 2) = $4)
  order by score desc, d.slug
  limit $3`;

export class PostgresKnowledgeIndex implements KnowledgeIndex {
  constructor(private readonly pool: Pool) {}

  async replace(corpus: KnowledgeCorpus, documents: readonly KnowledgeDocument[]): Promise<void> {
    const digest = digestOf(documents);
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      await client.query('select pg_advisory_xact_lock($1)', [REPLACE_LOCK]);
      const { rows } = await client.query<{ digest: string }>(
        'select digest from knowledge_corpora where corpus = $1',
        [corpus],
      );
      if (rows[0]?.digest === digest) {
        await client.query('commit');
        return;
      }
      await client.query('delete from knowledge_corpora where corpus = $1', [corpus]);
      await client.query('insert into knowledge_corpora (corpus, digest) values ($1, $2)', [corpus, digest]);
      await client.query(
        `insert into knowledge_documents (corpus, slug, title, url, keywords, body)
         select $1, * from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[])`,
        [
          corpus,
          documents.map((document) => document.slug),
          documents.map((document) => document.title),
          documents.map((document) => document.url),
          documents.map((document) => document.keywords),
          documents.map((document) => document.body),
        ],
      );
      const words = wordCountsOf(documents.flatMap((document) => [document.title, document.keywords, document.body]));
      await client.query(
        `insert into knowledge_words (corpus, word, occurrences) select $1, * from unnest($2::text[], $3::int[])`,
        [corpus, [...words.keys()], [...words.values()]],
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  }

  async search(corpus: KnowledgeCorpus, query: string, limit: number): Promise<KnowledgeHit[]> {
    const terms = (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 40);
    if (terms.length === 0) return [];
    // the query as said, spaces evened out: what a name or a title is compared with whole
    const said = query.toLowerCase().replace(/\s+/g, ' ').trim();
    const { rows } = await this.pool.query<{ title: string; url: string; snippet: string; score: number }>(SEARCH, [
      corpus,
      terms,
      limit,
      said,
    ]);
    return rows.map((row) => ({ ...row, score: Math.round(row.score * 10_000) / 10_000 }));
  }
}
