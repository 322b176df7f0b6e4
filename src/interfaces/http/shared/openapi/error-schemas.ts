import { OAUTH_ERRORS, PARTNER_CODES, RESOLUTION_CODES } from '../surfaces';
import { closed, JsonSchema } from './json-schema';

/** The error bodies of the surfaces (`decisions.md` §2, §3, §5), as `renderProblem` writes them. */

const text: JsonSchema = { type: 'string', minLength: 1 };

/** One problem of an invalid request: where (a dot path into the body or the parameters) and what. */
const ISSUE: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['path', 'message'],
  properties: { path: { type: 'string' }, message: text },
};

/** A value of an error's context: what it is (the context's name for it) and the value as text. */
const ENTITY: JsonSchema = closed(['type', 'value'], { type: { type: 'string' }, value: { type: 'string' } });

export const partnerErrorSchemas = (): Record<string, JsonSchema> => ({
  PartnerError: {
    description:
      'Every error of /partner/v3: one code, or MULTIPLE_ERRORS with one entry per problem. 5xx answers carry INTERNAL.',
    oneOf: [
      {
        type: 'object',
        additionalProperties: false,
        required: ['code', 'message'],
        properties: {
          code: { type: 'string', enum: [...PARTNER_CODES, 'INTERNAL'] },
          message: text,
          context: {
            type: 'object',
            required: ['entities'],
            description:
              "What the refusal is about (the domain, the limit...) by name, and the same as `entities`; never another account's resources",
            properties: {
              entities: {
                type: 'array',
                items: {
                  oneOf: [
                    ENTITY,
                    closed(['type', 'values'], {
                      type: { const: 'MULTI_VALUE' },
                      values: { type: 'array', items: ENTITY },
                    }),
                  ],
                },
              },
            },
          },
        },
      },
      {
        type: 'object',
        additionalProperties: false,
        required: ['code', 'message', 'errors'],
        properties: {
          code: { const: 'MULTIPLE_ERRORS' },
          message: text,
          errors: {
            type: 'array',
            minItems: 2,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['code', 'message'],
              properties: { code: { type: 'string', enum: [...PARTNER_CODES] }, message: text },
            },
          },
        },
      },
    ],
    examples: [
      {
        code: 'NOT_AVAILABLE',
        message: 'alice.crypto cannot be claimed: REGISTERED',
        context: { availability: 'REGISTERED', entities: [{ type: 'availability', value: 'REGISTERED' }] },
      },
      {
        code: 'MULTIPLE_ERRORS',
        message: 'The request is invalid',
        errors: [
          { code: 'VALIDATION', message: 'name: is required' },
          { code: 'VALIDATION', message: 'color: is not a property of this body' },
        ],
      },
    ],
  },
});

export const resolutionErrorSchemas = (): Record<string, JsonSchema> => ({
  ResolutionError: {
    type: 'object',
    additionalProperties: false,
    required: ['code', 'message'],
    description:
      'Every error of surface E; `errors` lists the problems of an invalid request. 5xx answers carry INTERNAL.',
    properties: {
      code: { type: 'string', enum: [...RESOLUTION_CODES, 'INTERNAL'] },
      message: text,
      errors: { type: 'array', items: ISSUE },
    },
    examples: [
      {
        code: 'VALIDATION',
        message: 'owners: owners or resolution[<key>] is required',
        errors: [{ path: 'owners', message: 'owners or resolution[<key>] is required' }],
      },
    ],
  },
});

export const oauthErrorSchemas = (): Record<string, JsonSchema> => ({
  OAuthError: {
    type: 'object',
    additionalProperties: false,
    required: ['error', 'error_description'],
    description: 'RFC 6749 §5.2 errors; slow_down (429, with Retry-After) when rate limited, server_error on failures.',
    properties: {
      error: {
        type: 'string',
        enum: ['invalid_request', ...new Set(Object.values(OAUTH_ERRORS)), 'slow_down', 'server_error'],
      },
      error_description: text,
    },
    examples: [{ error: 'invalid_request', error_description: 'password: must contain a digit' }],
  },
});

export const agentErrorSchemas = (): Record<string, JsonSchema> => ({
  AgentError: {
    type: 'object',
    additionalProperties: false,
    required: ['error', 'message'],
    description:
      'Every error of surface A (`decisions.md` §1): issues list each problem of an invalid body; 429 comes with Retry-After.',
    properties: {
      error: {
        type: 'string',
        enum: [
          'invalid_request',
          'unauthorized',
          'forbidden',
          'not_found',
          'unknown_action',
          'rate_limited',
          'internal_error',
        ],
      },
      message: text,
      issues: { type: 'array', minItems: 1, items: ISSUE },
    },
    examples: [
      {
        error: 'invalid_request',
        message: 'The request is invalid',
        issues: [{ path: 'limit', message: 'must not be greater than 100' }],
      },
      { error: 'unauthorized', message: 'Authentication required' },
    ],
  },
});
