/**
 * The texts the open searches of surface A index (help articles, developer documentation, specifications), as plain
 * text: what full-text search and snippets read. Markdown marks are dropped, the words they mark are kept.
 */

/** One searchable text: a help article, a section of a page, an action of a specification. */
export interface KnowledgeDocument {
  /** Unique within its corpus. */
  readonly slug: string;
  readonly title: string;
  /** Where the whole text is served. */
  readonly url: string;
  /** Words the text is found by that it may not hold itself. */
  readonly keywords: string;
  readonly body: string;
}

/** A help article's file: front matter (`title`, `category`, `keywords`) between `---` lines, then Markdown. */
export interface Article {
  readonly title: string;
  readonly category: string;
  readonly keywords: string;
  readonly markdown: string;
}

export const parseArticle = (text: string): Article | undefined => {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
  if (!match) return undefined;
  const fields = new Map(
    match[1].split(/\r?\n/).flatMap((line) => {
      const colon = line.indexOf(':');
      return colon > 0 ? [[line.slice(0, colon).trim(), line.slice(colon + 1).trim()] as const] : [];
    }),
  );
  const title = fields.get('title');
  if (!title) return undefined;
  return { title, category: fields.get('category') ?? '', keywords: fields.get('keywords') ?? '', markdown: match[2] };
};

/** Markdown as the words a reader sees: links as their text, no emphasis, code or table marks. */
export const plainTextOf = (markdown: string): string =>
  markdown
    .replace(/^```.*$/gm, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
    .replace(/^[ \t]*(?:[-*+]|\d+\.)[ \t]+/gm, '')
    .replace(/^[ \t]*\|?[ \t]*:?-{3,}.*$/gm, '')
    .replace(/\|/g, ' ')
    .replace(/(\*\*|__|\*|(?<=\s)_|_(?=\s))/g, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** A heading's anchor as GitHub writes it: lowercase, punctuation dropped, spaces as hyphens. */
export const anchorOf = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

export interface Section {
  readonly heading: string;
  /** Empty for the text before the first `##` heading. */
  readonly anchor: string;
  readonly markdown: string;
}

/** A page cut at its `##` headings; the text before the first one is the page's own section. */
export const sectionsOf = (markdown: string): Section[] => {
  const sections: Section[] = [];
  let current = { heading: '', anchor: '', lines: [] as string[] };
  let fenced = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (/^```/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^##\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      sections.push({ heading: current.heading, anchor: current.anchor, markdown: current.lines.join('\n') });
      current = { heading: heading[1], anchor: anchorOf(heading[1]), lines: [] };
    } else current.lines.push(line);
  }
  sections.push({ heading: current.heading, anchor: current.anchor, markdown: current.lines.join('\n') });
  return sections.filter((section) => section.markdown.trim() !== '' || section.heading !== '');
};

/** The title of a Markdown page: its first `#` heading. */
export const pageTitleOf = (markdown: string): string | undefined => /^#\s+(.+?)\s*$/m.exec(markdown)?.[1];

/** How often each word (three letters or more, lowercase) occurs: the lexicon misspelled queries are mended from. */
export const wordCountsOf = (texts: readonly string[]): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const text of texts)
    for (const word of text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [])
      if (word.length <= 40) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
};
