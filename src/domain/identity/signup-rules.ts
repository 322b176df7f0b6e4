/** The rules of `decisions.md` §2 for what a signup may carry. Each returns the problems it finds (none: valid). */

// dot-atom local part and a host name: the RFC 5322 forms mail actually uses (no quoted locals, no IP literals)
const LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** Lowercased and trimmed: the form an address is stored and compared in. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export const emailProblems = (email: string): string[] => {
  if (email.length > 254) return ['must be at most 254 characters'];
  const at = email.lastIndexOf('@');
  if (at <= 0) return ['must be an email address'];
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  if (local.length > 64 || !LOCAL.test(local)) return ['must be an email address'];
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || /^\d+$/.test(labels.at(-1) as string)) {
    return ['must be an email address'];
  }
  return [];
};

export const passwordProblems = (password: string): string[] => {
  const problems: string[] = [];
  if (password.length < 8) problems.push('must be at least 8 characters');
  if (password.length > 256) problems.push('must be at most 256 characters');
  if (!/[A-Z]/.test(password)) problems.push('must contain an uppercase letter');
  if (!/[a-z]/.test(password)) problems.push('must contain a lowercase letter');
  if (!/[0-9]/.test(password)) problems.push('must contain a digit');
  if (!/[^A-Za-z0-9]/.test(password)) problems.push('must contain a character that is not a letter or a digit');
  // typed by people: a control character (NUL above all) is an attack on whatever stores or compares it
  if (/[\u0000-\u001f\u007f]/.test(password)) problems.push('must not contain control characters');
  return problems;
};
