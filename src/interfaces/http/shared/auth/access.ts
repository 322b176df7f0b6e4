import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { Principal } from '../../../../application/identity/authenticator';
import { PartnerProfile } from '../../../../domain/identity/account';
import { AgentScope } from '../../../../domain/identity/scopes';

/** Who may call a route: declared on every route of surfaces A, C, D and E and the operator API; others are open. */
export type RouteAccess =
  | { readonly surface: 'agent'; readonly scope: AgentScope }
  | { readonly surface: 'agent'; readonly open: true }
  | { readonly surface: 'partner'; readonly profile: PartnerProfile }
  | { readonly surface: 'resolution' }
  | { readonly surface: 'operator' };

export const ACCESS_METADATA = 'domain-engine:access';

export const Access = (access: RouteAccess) => SetMetadata(ACCESS_METADATA, access);

export type AuthenticatedRequest = { principal?: Principal };

/** The principal the guard authenticated for this request. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().principal;
  if (!principal) throw new Error('CurrentPrincipal used on a route without access metadata');
  return principal;
});
