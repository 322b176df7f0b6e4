import { Problem } from './problem';

export type Surface = 'agent' | 'oauth' | 'partner' | 'resolution' | 'service';

/** Which surface a request belongs to, by its path; each surface answers errors in its own format. */
export const surfaceOf = (url: string): Surface => {
  if (url.startsWith('/mcp/v1')) return 'agent';
  if (url.startsWith('/api/oauth') || url.startsWith('/.well-known/')) return 'oauth';
  if (url.startsWith('/partner/v3')) return 'partner';
  if (url.startsWith('/resolve')) return 'resolution';
  return 'service';
};

const OAUTH_ERRORS: Record<string, string> = { INVALID_GRANT: 'invalid_grant', UNSUPPORTED_GRANT_TYPE: 'unsupported_grant_type' };

const AGENT_ERRORS: Record<number, string> = { 400: 'invalid_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 429: 'rate_limited' };

/** The error body of each surface (`decisions.md` §1-5). */
export const renderProblem = (surface: Surface, problem: Problem, url: string): unknown => {
  switch (surface) {
    case 'agent': {
      // an unknown action is the one 404 of surface A with its own name
      const error = problem.status === 404 && url.startsWith('/mcp/v1/actions/') ? 'unknown_action' : AGENT_ERRORS[problem.status] ?? (problem.status >= 500 ? 'internal_error' : 'invalid_request');
      const message = problem.status === 401 ? 'Authentication required' : problem.message;
      return problem.issues.length > 0 ? { error, message, issues: problem.issues } : { error, message };
    }
    case 'oauth': {
      const error = problem.status === 429 ? 'slow_down' : problem.status >= 500 ? 'server_error' : OAUTH_ERRORS[problem.code] ?? 'invalid_request';
      const detail = problem.issues.length > 0 ? problem.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ') : problem.message;
      return { error, error_description: detail };
    }
    case 'partner':
    case 'resolution':
    case 'service': {
      if (problem.issues.length > 1 && surface === 'partner') {
        return { code: 'MULTIPLE_ERRORS', message: problem.message, errors: problem.issues.map((issue) => ({ code: 'VALIDATION', message: `${issue.path}: ${issue.message}` })) };
      }
      const body: Record<string, unknown> = { code: problem.code, message: problem.issues.length === 1 ? `${problem.issues[0].path}: ${problem.issues[0].message}` : problem.message };
      if (surface === 'resolution' && problem.issues.length > 0) body.errors = problem.issues;
      if (problem.context && Object.keys(problem.context).length > 0 && surface === 'partner') body.context = problem.context;
      return body;
    }
  }
};
