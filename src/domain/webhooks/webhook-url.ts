import { OutboundPolicy, outboundHostProblem } from '../shared/outbound-target';

export const MAX_WEBHOOK_URL_LENGTH = 2048;

/**
 * Why a webhook URL cannot be registered, or undefined when it can (`interface-spec.md` Rules 1-2): a complete
 * absolute http(s) URL with a host, no credentials in it, and when private targets are not allowed no host on the
 * service's own network nor the service itself. The URL is kept exactly as given: deliveries go to it as registered.
 */
export const webhookUrlProblem = (url: string, policy: OutboundPolicy): string | undefined => {
  if (url.length > MAX_WEBHOOK_URL_LENGTH) return `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`;
  // URL parsing trims and forgives ("http:example.com"); what is stored must be the complete URL itself
  if (/[\s\u0000-\u001f\u007f]/.test(url)) return 'must not contain spaces or control characters';
  if (!/^https?:\/\//i.test(url)) return 'must be a complete http or https URL';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be a complete http or https URL';
  }
  if (parsed.username !== '' || parsed.password !== '') return 'must not contain a user name or password';
  if (parsed.hostname === '') return 'must name a host';
  return outboundHostProblem(parsed.hostname, policy);
};
