import { describe, expect, it } from 'vitest';
import { chromiumAvailable, signInToMatriz } from './support/browser';
import { useHarness } from './support/harness';

// Reason for skipIf: this journey needs Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('dates typed at human speed in Chromium', () => {
  const h = useHarness();

  it('keeps 15/10/2026 typed key by key every 80 ms in the periods of Extrato, Conciliação and Contas a pagar', async () => {
    const page = await h.newPage(1366, 900);
    await signInToMatriz(page, h.app.url, 'financeiro');
    const periods = [
      { path: '/contas/extrato', field: 'De' },
      { path: '/contas/conciliacao_bancaria', field: 'De' },
      { path: '/contas/pagar?period=custom', field: 'De' },
    ];
    for (const { path, field } of periods) {
      await page.goto(`${h.app.url}${path}`);
      // The period's first date field (a plain "De" of amounts may come first on a list's filters).
      const input = page
        .getByRole('textbox', { name: field, exact: true })
        .and(page.getByPlaceholder('DD/MM/AAAA'))
        .first();
      await input.click();
      await input.fill('');
      // "15/10/20" on the way is a date of 2020: the field must keep what comes after it.
      await input.pressSequentially('15102026', { delay: 80 });
      await expect.poll(() => input.inputValue(), { message: path }).toBe('15/10/2026');
      await expect.poll(() => page.url()).toContain('from=2026-10-15');
      expect([path, await input.inputValue()]).toEqual([path, '15/10/2026']);
    }
  });
});
