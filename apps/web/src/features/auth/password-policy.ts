import { authMessages } from '../../i18n/auth';

const r = authMessages.passwordRules;

/** The user pool's password policy, as the user sees it while typing (the server enforces the same rules). */
export const PASSWORD_RULES = [
  { label: r.length, test: (p: string) => p.length >= 8 },
  { label: r.upper, test: (p: string) => /[A-Z]/.test(p) },
  { label: r.lower, test: (p: string) => /[a-z]/.test(p) },
  { label: r.digit, test: (p: string) => /\d/.test(p) },
  { label: r.symbol, test: (p: string) => /[^A-Za-z0-9]/.test(p) },
];

export const meetsPasswordPolicy = (password: string) => PASSWORD_RULES.every((rule) => rule.test(password));
