import { Body, Controller, HttpCode, Post, Req, Type } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { Access, AuthenticatedRequest } from '../shared/auth/access';
import { Idempotent } from '../shared/idempotent';
import { Documented } from '../shared/openapi/documented';
import { AgentActionRegistry } from './agent-action.registry';
import { ActionDeclaration } from './agent-action';

const accessOf = (declaration: ActionDeclaration) =>
  'open' in declaration.access
    ? Access({ surface: 'agent', open: true })
    : Access({ surface: 'agent', scope: declaration.access.scope });

/**
 * The routes of surface A, one `POST /mcp/v1/actions/<name>` per declared action, made as if written by hand: each
 * handler method carries its body class, access and documentation, so that the validation pipe, the credential
 * guard, the route catalogue (hostile-input and authorization suites) and the OpenAPI document treat it as any route.
 */
export const actionRoutesOf = (declarations: readonly ActionDeclaration[]): Type => {
  @Controller('mcp/v1/actions')
  class AgentActionRoutes {
    constructor(readonly registry: AgentActionRegistry) {}
  }
  Reflect.defineMetadata('design:paramtypes', [AgentActionRegistry], AgentActionRoutes);
  const prototype = AgentActionRoutes.prototype as unknown as Record<string, unknown>;
  for (const declaration of declarations) {
    const { name } = declaration;
    prototype[name] = function (
      this: AgentActionRoutes,
      body: unknown,
      request: AuthenticatedRequest & FastifyRequest,
    ) {
      return this.registry.run(name, body, request.principal, request.ip);
    };
    const descriptor = Object.getOwnPropertyDescriptor(prototype, name) as PropertyDescriptor;
    Reflect.defineMetadata('design:paramtypes', [declaration.body, Object], prototype, name);
    Body()(prototype, name, 0);
    Req()(prototype, name, 1);
    const documented = Documented({
      summary: declaration.title,
      description: declaration.description,
      answer: declaration.answer,
    });
    const keyed = declaration.keyed ? [Idempotent()] : [];
    for (const decorate of [Post(name), HttpCode(200), accessOf(declaration), documented, ...keyed])
      decorate(prototype, name, descriptor);
  }
  return AgentActionRoutes;
};
