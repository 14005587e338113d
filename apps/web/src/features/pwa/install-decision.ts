const KEY = 'financeiro.install-prompt';

const month = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;

/** The install prompt is answered once a month: the decision is kept with its month. */
export function installPromptDecidedThisMonth(now = new Date()): boolean {
  return localStorage.getItem(KEY) === month(now);
}

export function rememberInstallDecision(now = new Date()): void {
  localStorage.setItem(KEY, month(now));
}
