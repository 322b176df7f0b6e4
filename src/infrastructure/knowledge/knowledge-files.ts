import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { KnowledgeSources } from '../../application/knowledge/knowledge-index.port';
import {
  KnowledgeDocument,
  pageTitleOf,
  parseArticle,
  plainTextOf,
  sectionsOf,
} from '../../domain/knowledge/knowledge-text';

/** The repository's root: the same path from src/ (tests) and dist/ (the built service). */
const ROOT = resolve(__dirname, '../../..');
const HELP_DIR = join(ROOT, 'content/help');
const DOCS_DIR = join(ROOT, 'docs');

const markdownFiles = async (dir: string): Promise<string[]> =>
  (await readdir(dir)).filter((file) => /^[a-z0-9-]+\.md$/.test(file)).sort();

/**
 * The help articles (`content/help/<slug>.md`, one document each) and the developer documentation (`docs/*.md`
 * and the README, one document per `##` section, so that a result points at the part that answers), read from the
 * files that ship with the service. Their links are paths on the service: each process answers them under its own
 * base URL, so that whichever process indexed them (a service, a CLI command) what is answered is the same.
 */
export class KnowledgeFiles extends KnowledgeSources {
  async helpArticles(): Promise<KnowledgeDocument[]> {
    const files = await markdownFiles(HELP_DIR);
    return (
      await Promise.all(
        files.map(async (file): Promise<KnowledgeDocument[]> => {
          const article = parseArticle(await readFile(join(HELP_DIR, file), 'utf8'));
          if (!article) return [];
          const slug = file.replace(/\.md$/, '');
          return [
            {
              slug,
              title: article.title,
              url: `/knowledge/help/${slug}`,
              keywords: `${article.category.replace(/-/g, ' ')}, ${article.keywords}`,
              body: plainTextOf(article.markdown),
            },
          ];
        }),
      )
    ).flat();
  }

  async documentation(): Promise<KnowledgeDocument[]> {
    const pages = [
      ...(await markdownFiles(DOCS_DIR)).map((file) => ({ file, path: join(DOCS_DIR, file) })),
      { file: 'README.md', path: join(ROOT, 'README.md') },
    ];
    const documents = await Promise.all(
      pages.map(async ({ file, path }) => {
        const markdown = await readFile(path, 'utf8');
        const page = pageTitleOf(markdown) ?? file;
        const url = `/knowledge/docs/${file}`;
        return sectionsOf(markdown).map((section) => ({
          slug: `${file}#${section.anchor}`,
          title: section.heading ? `${page}: ${section.heading}` : page,
          url: section.anchor ? `${url}#${section.anchor}` : url,
          keywords: page,
          body: plainTextOf(section.markdown.replace(/^#\s+.+$/m, '')),
        }));
      }),
    );
    return documents.flat();
  }

  async page(path: string): Promise<string | undefined> {
    const help = /^help\/([a-z0-9-]{1,80})$/.exec(path);
    const doc = /^docs\/([A-Za-z0-9-]{1,80}\.md)$/.exec(path);
    const file = help
      ? join(HELP_DIR, `${help[1]}.md`)
      : doc
        ? doc[1] === 'README.md'
          ? join(ROOT, 'README.md')
          : join(DOCS_DIR, doc[1])
        : undefined;
    if (!file) return undefined;
    try {
      return await readFile(file, 'utf8');
    } catch {
      return undefined;
    }
  }
}
