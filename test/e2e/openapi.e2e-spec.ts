import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { routeCatalog } from '../../src/interfaces/http/shared/route-catalog';
import { createTestApp, TestApp } from '../support/test-app';

type Document = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
  components: { schemas: Record<string, { examples?: unknown[] }> };
};

/**
 * The OpenAPI 3.1 documents of surfaces B, C and E: valid for a published validator, every route of the surface in
 * its document with the parameters it declares, every example valid for its own schema.
 */
describe('OpenAPI documents of surfaces B, C and E', () => {
  const NAMES = ['signup', 'web3-partner', 'resolution'];
  let subject: TestApp;
  const documents: Record<string, Document> = {};
  beforeAll(async () => {
    subject = await createTestApp();
    for (const name of NAMES) {
      const res = await subject.app.inject({ method: 'GET', url: `/openapi/${name}.json` });
      expect(res.statusCode).toBe(200);
      documents[name] = res.json();
    }
  });
  afterAll(() => subject.close());

  it.each(NAMES)('%s is a valid OpenAPI 3.1 document for @apidevtools/swagger-parser', async (name) => {
    expect(documents[name].openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(documents[name]) as never)).resolves.toBeDefined();
  });

  it.each(NAMES)('%s: every example is valid for its schema', (name) => {
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    ajv.addSchema({ $id: 'doc.json', components: documents[name].components });
    const examples = Object.entries(documents[name].components.schemas).flatMap(([schema, { examples = [] }]) =>
      examples.map((example) => ({ schema, example })),
    );
    expect(examples.length).toBeGreaterThan(0);
    const invalid = examples
      .filter(({ schema, example }) => !ajv.validate({ $ref: `doc.json#/components/schemas/${schema}` }, example))
      .map(({ schema }) => `${schema}: ${ajv.errorsText()}`);
    expect(invalid).toEqual([]);
  });

  it("holds every route of B, C and E in its surface's document, with the parameters the route declares", () => {
    const documentOf = (path: string, partner: boolean): [string, string] | undefined => {
      if (path.startsWith('/api/oauth/') || path.startsWith('/.well-known/')) return ['signup', path];
      if (path.startsWith('/resolve/')) return ['resolution', path.slice('/resolve'.length)];
      if (partner) return ['web3-partner', path.slice('/partner/v3'.length)];
      return undefined;
    };
    const routes = routeCatalog(subject.app).flatMap((route) =>
      route.paths.map((path) => ({
        route,
        found: documentOf(path, route.access?.surface === 'partner' && route.access.profile === 'web3'),
      })),
    );
    const missing = routes.flatMap(({ route, found }) => {
      if (!found) return [];
      const [name, relative] = found;
      const operation = documents[name].paths[relative.replace(/:([A-Za-z]+)/g, '{$1}')]?.[route.method.toLowerCase()];
      if (!operation) return [`${route.method} ${relative} is not in ${name}`];
      const pathParameters = [...relative.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]).sort();
      const documented = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => parameter.name)
        .sort();
      return JSON.stringify(documented) === JSON.stringify(pathParameters)
        ? []
        : [`${route.method} ${relative}: path parameters ${documented} documented, ${pathParameters} declared`];
    });
    expect(routes.filter(({ found }) => found).length).toBeGreaterThanOrEqual(39);
    expect(missing).toEqual([]);
  });

  it('documents the query parameters routes take, and each is refused when unknown', async () => {
    const lookup = documents['web3-partner'].paths['/domains'].get.parameters?.map(
      (parameter) => `${parameter.in}:${parameter.name}`,
    );
    expect(lookup).toEqual(['query:query', 'query:ending', 'query:$expand']);
    const list = documents.resolution.paths['/domains'].get.parameters?.map((parameter) => parameter.name);
    expect(list).toEqual(['owners', 'resolution', 'tlds', 'sortBy', 'sortDirection', 'startingAfter', 'perPage']);
  });

  it('serves Swagger UI over the three documents at /docs', async () => {
    const page = await subject.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    const init = await subject.app.inject({ method: 'GET', url: '/docs/swagger-ui-init.js' });
    for (const name of NAMES) expect(init.body).toContain(`/openapi/${name}.json`);
  });
});
