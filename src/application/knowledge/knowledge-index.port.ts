import { KnowledgeDocument } from '../../domain/knowledge/knowledge-text';

/** The three corpora of surface A's open searches. */
export type KnowledgeCorpus = 'help' | 'docs' | 'specs';

export interface KnowledgeHit {
  readonly title: string;
  /** The best passages, the matched words between « and ». */
  readonly snippet: string;
  readonly url: string;
  readonly score: number;
}

/**
 * Full-text search over the corpora (`svc_knowledge_base_search`, `svc_developer_docs_search`,
 * `svc_api_specs_search`): ranked by relevance with the title weighing most, words matched by prefix, a word found
 * nowhere replaced by the nearest one that is (typos), case ignored.
 */
export abstract class KnowledgeIndex {
  /** Makes the corpus these documents; nothing is written when they are what it holds already. */
  abstract replace(corpus: KnowledgeCorpus, documents: readonly KnowledgeDocument[]): Promise<void>;
  abstract search(corpus: KnowledgeCorpus, query: string, limit: number): Promise<KnowledgeHit[]>;
}

/** The texts that ship with the service: help articles and developer documentation, as Markdown files. */
export abstract class KnowledgeSources {
  abstract helpArticles(): Promise<KnowledgeDocument[]>;
  abstract documentation(): Promise<KnowledgeDocument[]>;
  /** The Markdown of one page as served at its URL (`help/<slug>`, `docs/<file>`); undefined for none. */
  abstract page(path: string): Promise<string | undefined>;
}
