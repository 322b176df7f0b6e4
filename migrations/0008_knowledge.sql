-- The open searches of surface A (help articles, developer documentation, specifications). Documents come from files
-- that ship with the service and from the action registry; each corpus is replaced whole when its content changes.
-- pg_trgm finds the word a misspelled query word most likely meant (it ships with PostgreSQL, and is trusted: the
-- database's owner may create it).
create extension if not exists pg_trgm;

create table knowledge_corpora (
  corpus text primary key,
  -- SHA-256 of everything indexed: a process starting with the same content leaves the rows alone
  digest text not null
);

create table knowledge_documents (
  corpus text not null references knowledge_corpora (corpus) on delete cascade,
  slug text not null,
  title text not null,
  url text not null,
  keywords text not null,
  body text not null,
  -- the title weighs most, then the words an article is found by, then the text
  search tsvector generated always as (
    setweight(to_tsvector('english', title), 'A') ||
    setweight(to_tsvector('english', keywords), 'B') ||
    setweight(to_tsvector('english', body), 'C')
  ) stored,
  primary key (corpus, slug)
);

create index knowledge_documents_search on knowledge_documents using gin (search);

-- Every word of the documents, for typo tolerance: a query word found nowhere is replaced by its nearest one here.
create table knowledge_words (
  corpus text not null references knowledge_corpora (corpus) on delete cascade,
  word text not null,
  occurrences integer not null,
  primary key (corpus, word)
);

create index knowledge_words_trigrams on knowledge_words using gin (word gin_trgm_ops);
