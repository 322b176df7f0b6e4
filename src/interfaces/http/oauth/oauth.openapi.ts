import { AGENT_SCOPES } from '../../../domain/identity/scopes';
import { oauthErrorSchemas } from '../shared/openapi/error-schemas';
import { JsonSchema } from '../shared/openapi/json-schema';
import { SurfaceDocument } from '../shared/openapi/surface-document';

const closed = (required: string[], properties: Record<string, JsonSchema>, examples: unknown[]): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
  examples,
});

const TOKEN_EXAMPLE = {
  access_token: 'eyJhbGciOiJFZERTQSIsImtpZCI6IjEifQ.eyJzdWIiOiJhY2MtMSJ9.c2lnbmF0dXJl',
  token_type: 'Bearer',
  expires_in: 3600,
  refresh_token: 'rtf-7d6f1b5c-3e0a-4a41-9f3e-6b1b8a2d9c10.Q2hhbmdlIG1lIGFmdGVyIHJlYWRpbmcgdGhlIGRvY3MgMTIz',
  scope: AGENT_SCOPES.join(' '),
};

/** Surface B's document (`interface-spec.md` Surface B, `decisions.md` §2). */
export const signupDocument: SurfaceDocument = {
  name: 'signup',
  title: 'B: headless signup',
  version: '1.0.0',
  description:
    'Creates a user account from an email address and a password in two steps (signup, then the emailed code) and issues OAuth tokens for surface A; refresh and revocation as OAuth clients expect.',
  basePath: '',
  includes: (_route, path) => path.startsWith('/api/oauth/') || path.startsWith('/.well-known/'),
  errorSchema: 'OAuthError',
  schemas: () => ({
    ...oauthErrorSchemas(),
    SignupStarted: closed(
      ['signup_session_token', 'expires_in'],
      {
        signup_session_token: {
          type: 'string',
          minLength: 1,
          description: 'Names the signup to verify; the same answer whether the address is new or taken',
        },
        expires_in: { const: 900, description: 'Seconds the code and the session stay valid' },
      },
      [{ signup_session_token: 'sus_x9Qm2h0yQ4u8kq0S3a1b2c3d4e5f6g7h8i9j0k1l2m3', expires_in: 900 }],
    ),
    TokenResponse: closed(
      ['access_token', 'token_type', 'expires_in', 'refresh_token', 'scope'],
      {
        access_token: { type: 'string', description: 'A JWT for surface A, valid while its refresh family is' },
        token_type: { const: 'Bearer' },
        expires_in: { const: 3600 },
        refresh_token: {
          type: 'string',
          description: 'Used once: each use answers a new one; a used one presented again revokes the family',
        },
        scope: { type: 'string' },
      },
      [TOKEN_EXAMPLE],
    ),
    Revoked: closed([], {}, [{}]),
    AuthorizationServerMetadata: {
      type: 'object',
      required: ['issuer', 'token_endpoint', 'jwks_uri', 'grant_types_supported'],
      description: 'RFC 8414 metadata, with the signup endpoints beside the standard ones',
      properties: {
        issuer: { type: 'string' },
        token_endpoint: { type: 'string' },
        revocation_endpoint: { type: 'string' },
        jwks_uri: { type: 'string' },
        grant_types_supported: { type: 'array', items: { type: 'string' } },
        response_types_supported: { type: 'array', items: { type: 'string' } },
        token_endpoint_auth_methods_supported: { type: 'array', items: { type: 'string' } },
        revocation_endpoint_auth_methods_supported: { type: 'array', items: { type: 'string' } },
        scopes_supported: { type: 'array', items: { type: 'string', enum: [...AGENT_SCOPES] } },
        signup_endpoint: { type: 'string' },
        signup_verification_endpoint: { type: 'string' },
      },
      examples: [
        {
          issuer: 'http://localhost:8080',
          token_endpoint: 'http://localhost:8080/api/oauth/token',
          revocation_endpoint: 'http://localhost:8080/api/oauth/revoke',
          jwks_uri: 'http://localhost:8080/.well-known/jwks.json',
          grant_types_supported: ['refresh_token'],
          response_types_supported: [],
          token_endpoint_auth_methods_supported: ['none'],
          revocation_endpoint_auth_methods_supported: ['none'],
          scopes_supported: [...AGENT_SCOPES],
          signup_endpoint: 'http://localhost:8080/api/oauth/signup',
          signup_verification_endpoint: 'http://localhost:8080/api/oauth/signup/verify',
        },
      ],
    },
    ProtectedResourceMetadata: closed(
      [
        'resource',
        'authorization_servers',
        'scopes_supported',
        'bearer_methods_supported',
        'resource_name',
        'resource_documentation',
      ],
      {
        resource: { type: 'string', description: 'The resource the metadata is of: the MCP endpoint, or the service' },
        authorization_servers: { type: 'array', items: { type: 'string' }, minItems: 1 },
        scopes_supported: { type: 'array', items: { type: 'string', enum: [...AGENT_SCOPES] } },
        bearer_methods_supported: { type: 'array', items: { const: 'header' } },
        resource_name: { type: 'string' },
        resource_documentation: { type: 'string' },
      },
      [
        {
          resource: 'http://localhost:8080/mcp/v1',
          authorization_servers: ['http://localhost:8080'],
          scopes_supported: [...AGENT_SCOPES],
          bearer_methods_supported: ['header'],
          resource_name: 'Agent actions and their MCP endpoint',
          resource_documentation: 'http://localhost:8080/mcp/v1/openapi.json',
        },
      ],
    ),
    Jwks: {
      type: 'object',
      required: ['keys'],
      additionalProperties: false,
      properties: {
        keys: {
          type: 'array',
          items: {
            type: 'object',
            required: ['kty', 'kid'],
            properties: {
              kty: { type: 'string' },
              crv: { type: 'string' },
              alg: { type: 'string' },
              kid: { type: 'string' },
              x: { type: 'string' },
              use: { type: 'string' },
            },
          },
        },
      },
      examples: [
        {
          keys: [
            {
              kty: 'OKP',
              crv: 'Ed25519',
              alg: 'EdDSA',
              kid: '2026-11-01',
              x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
              use: 'sig',
            },
          ],
        },
      ],
    },
  }),
};
