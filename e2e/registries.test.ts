import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, screenshot, signInToMatriz } from './support/browser';
import { useHarness } from './support/harness';

// Reason for skipIf: this journey needs Debian's Chromium at /usr/bin/chromium; CI installs it, a laptop may not.
describe.skipIf(!chromiumAvailable)('registries in Chromium', () => {
  const h = useHarness();

  it('registers a bank: a wrong code is explained, the fixed one lists, sorts, survives a reload and is logged', async () => {
    const page = await h.newPage();
    await signInToMatriz(page, h.app.url);
    await page.goto(`${h.app.url}/gestao_contas/bancos`);
    await page.getByText('Mercado Pago', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Nova instituição' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('textbox', { name: 'Código', exact: true }).fill('21');
    await drawer.getByRole('textbox', { name: 'Nome', exact: true }).fill('Banco BS2 S.A.');
    await drawer.getByLabel('Nome curto').fill('BS2');
    await drawer.getByRole('button', { name: 'Criar' }).click();
    await drawer.getByText('O código COMPE tem 3 dígitos, como 001 ou 341.').waitFor();
    await drawer.getByRole('textbox', { name: 'Código', exact: true }).fill('218');
    await drawer.getByRole('button', { name: 'Criar' }).click();
    await page.getByText('Instituição cadastrada.').waitFor();

    // Search and sort live in the address: a reload shows the same rows.
    await page.getByLabel('Buscar por nome, código ou ISPB').fill('bs2');
    await page.waitForURL(/search=bs2/);
    await page.getByRole('cell', { name: '218' }).waitFor();
    await page.reload();
    await page.getByRole('cell', { name: '218' }).waitFor();
    expect(await page.getByRole('row').count()).toBe(2);
    await page.getByLabel('Buscar por nome, código ou ISPB').fill('');
    await page.getByRole('button', { name: /^Código/ }).click();
    await page.waitForURL(/sort=code/);
    await expect.poll(() => page.getByRole('row').nth(1).innerText()).toMatch(/^001/);
    await screenshot(page, 'banks-sorted-by-code');

    // Exports: Excel for people, CSV (semicolons, accents kept) for systems.
    const downloaded = async (format: string) => {
      await page.getByRole('button', { name: 'Exportar' }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: format }).click(),
      ]);
      return { name: download.suggestedFilename(), content: readFileSync(await download.path()) };
    };
    const xlsx = await downloaded('Excel (XLSX)');
    expect(xlsx.name).toBe('bancos.xlsx');
    expect(xlsx.content.subarray(0, 2).toString()).toBe('PK');
    const csv = await downloaded('CSV (separado por ponto e vírgula)');
    expect(csv.name).toBe('bancos.csv');
    expect(csv.content.toString('utf8')).toContain(
      '323;10573521;MERCADO PAGO INSTITUIÇÃO DE PAGAMENTO LTDA.;Mercado Pago;Ativo',
    );

    await page.goto(`${h.app.url}/logs/events`);
    const row = page.getByRole('row').filter({ hasText: 'Cadastrou instituição financeira' });
    await row.getByRole('link', { name: 'Banco BS2 S.A.' }).waitFor();
    await row.getByText('218').waitFor();
  });

  it('registers a supplier (a wrong CNPJ is explained), an apportionment of exactly 100%, and imports a checked CSV', async () => {
    const page = await h.newPage();
    await signInToMatriz(page, h.app.url);
    await page.goto(`${h.app.url}/relacionamento/fornecedores`);
    await page.getByText('Horizonte Imóveis').waitFor();

    await page.getByRole('button', { name: 'Novo fornecedor' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('CPF/CNPJ').fill('11.222.333/0001-80');
    await drawer.getByLabel('Nome / razão social').fill('Papelaria Aurora Ltda');
    await drawer.getByLabel('Nome fantasia').fill('Papelaria Aurora');
    await drawer.getByLabel('E-mail').fill('contas@aurora.com.br');
    await drawer.getByRole('button', { name: 'Criar' }).click();
    await drawer.getByText('CNPJ inválido: confira os 14 caracteres e os dígitos verificadores.').waitFor();
    await drawer.getByLabel('CPF/CNPJ').fill('11.222.333/0001-81');
    await drawer.getByRole('button', { name: 'Criar' }).click();
    await page.getByText('Fornecedor cadastrado.').waitFor();
    const supplier = page.getByRole('row').filter({ hasText: 'Papelaria Aurora' });
    await supplier.getByText('11.222.333/0001-81').waitFor();
    await screenshot(page, 'suppliers-list');

    // The template is for the whole organization: the same screen from the organization's scope.
    await page.goto(`${h.app.url}/parametrizacao/configuracoes_rateio_padrao`);
    await page.getByRole('button', { name: 'Novo rateio padrão' }).click();
    await drawer.getByRole('textbox', { name: 'Nome', exact: true }).fill('Aluguel da sede');
    const choose = async (line: number, label: string, option: string) => {
      await drawer.getByLabel(label).nth(line).click();
      await page.getByRole('option', { name: option }).click();
    };
    await choose(0, 'Centro de custo', '1 Administrativo');
    await choose(0, 'Classificação', '4.02.001 Aluguel e condomínio');
    await drawer.getByLabel('Percentual').nth(0).fill('60');
    await drawer.getByRole('button', { name: 'Adicionar linha' }).click();
    await choose(1, 'Centro de custo', '2 Comercial');
    await choose(1, 'Classificação', '4.02.001 Aluguel e condomínio');
    await drawer.getByLabel('Percentual').nth(1).fill('39,99');
    await drawer.getByText('Total: 99,99%').waitFor();
    await drawer.getByRole('button', { name: 'Criar' }).click();
    await drawer.getByText('A soma dos percentuais deve ser exatamente 100%; hoje é 99,99%.').waitFor();
    await drawer.getByLabel('Percentual').nth(1).fill('40');
    await drawer.getByText('Total: 100%').waitFor();
    await drawer.getByRole('button', { name: 'Criar' }).click();
    await page.getByText('Rateio padrão cadastrado.').waitFor();
    await page.getByRole('row').filter({ hasText: 'Aluguel da sede' }).getByText('2 linhas: 60% + 40%').waitFor();
    await screenshot(page, 'apportionment-templates-list');

    // A CSV with a bad line is reported line by line and nothing is imported; the fixed file imports every line.
    await page.goto(`${h.app.url}/relacionamento/fornecedores`);
    const csv = (document: string, encoding: BufferEncoding) =>
      Buffer.from(
        `Tipo de pessoa;CPF/CNPJ;Nome / razão social;UF\nPJ;${document};Gráfica Boa Vista Ltda;MG\nPF;111.444.777-35;João Pereira;sp\n`,
        encoding,
      );
    // The same dialog takes the corrected file: the report gives way to the result.
    await page.getByRole('button', { name: 'Importar CSV' }).click();
    const importFile = async (content: Buffer) => {
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.getByRole('button', { name: 'Escolher arquivo CSV' }).click(),
      ]);
      await chooser.setFiles({ name: 'fornecedores.csv', mimeType: 'text/csv', buffer: content });
    };
    await importFile(csv('12.345.678/0001-00', 'utf8'));
    const report = page.getByRole('table', { name: 'Problemas da importação' });
    await report.getByRole('row').filter({ hasText: 'CNPJ inválido' }).getByText('CPF/CNPJ').waitFor();
    await report.getByRole('cell', { name: '2', exact: true }).waitFor();
    await page.getByText('Nada foi importado.', { exact: false }).waitFor();
    await screenshot(page, 'suppliers-import-report');
    // The corrected file as Excel in pt-BR saves it, in Windows-1252 (latin1 for these letters): accents kept.
    await importFile(csv('11.444.777/0001-61', 'latin1'));
    await page.getByText('2 registros importados.').waitFor();
    await page.getByRole('row').filter({ hasText: 'João Pereira' }).getByText('111.444.777-35').waitFor();
    await page.getByRole('row').filter({ hasText: 'Gráfica Boa Vista Ltda' }).waitFor();

    await page.goto(`${h.app.url}/logs/events`);
    await page
      .getByRole('row')
      .filter({ hasText: 'Cadastrou fornecedor' })
      .getByRole('link', { name: 'Papelaria Aurora Ltda' })
      .waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: 'Cadastrou rateio padrão' })
      .getByRole('link', { name: 'Aluguel da sede' })
      .waitFor();
    await page.getByRole('row').filter({ hasText: 'Importou fornecedores' }).first().waitFor();
  });

  it('masks what Brazilians type: CNPJ (alphanumeric too), phone, CEP, money and dates; search finds it as pasted', async () => {
    const page = await h.newPage();
    await signInToMatriz(page, h.app.url);
    await page.goto(`${h.app.url}/relacionamento/fornecedores`);
    await page.getByRole('button', { name: 'Novo fornecedor' }).click();
    const drawer = page.getByRole('dialog');
    const document = drawer.getByLabel('CPF/CNPJ');
    await document.pressSequentially('12abc34501de35');
    await expect.poll(() => document.inputValue()).toBe('12.ABC.345/01DE-35');
    expect(await document.getAttribute('inputmode')).toBe('text');
    await document.fill('');
    await document.pressSequentially('45723174000110');
    await expect.poll(() => document.inputValue()).toBe('45.723.174/0001-10');
    expect(await document.getAttribute('aria-required')).toBe('true');
    expect(await drawer.getByLabel('Nome / razão social').getAttribute('aria-required')).toBe('true');
    expect(await drawer.getByLabel('Nome fantasia').getAttribute('aria-required')).toBeNull();
    const phone = drawer.getByLabel('Telefone');
    await phone.pressSequentially('1134567890');
    await expect.poll(() => phone.inputValue()).toBe('(11) 3456-7890');
    await phone.fill('');
    await phone.pressSequentially('11987654321');
    await expect.poll(() => phone.inputValue()).toBe('(11) 98765-4321');
    expect(await phone.getAttribute('inputmode')).toBe('tel');
    const cep = drawer.getByLabel('CEP');
    await cep.pressSequentially('01310100');
    await expect.poll(() => cep.inputValue()).toBe('01310-100');
    expect(await cep.getAttribute('inputmode')).toBe('numeric');
    await drawer.getByLabel('Nome / razão social').fill('Máscaras Comércio Ltda');
    await screenshot(page, 'supplier-masked-inputs');
    await drawer.getByRole('button', { name: 'Criar' }).click();
    await page.getByText('Fornecedor cadastrado.').waitFor();

    // Found by the CNPJ as pasted, and by a name typed without its accents.
    const search = page.getByLabel('Buscar por nome, CPF/CNPJ, e-mail ou cidade');
    await search.fill('45.723.174/0001-10');
    await expect.poll(() => page.getByText('Horizonte Imóveis').count()).toBe(0);
    await page.getByText('Máscaras Comércio Ltda').waitFor();
    await search.fill('imobiliaria');
    await expect.poll(() => page.getByText('Máscaras Comércio Ltda').count()).toBe(0);
    await page.getByText('Horizonte Imóveis').waitFor();

    await page.goto(`${h.app.url}/contas/contratos`);
    await page.getByRole('button', { name: 'Novo contrato' }).click();
    const value = drawer.getByLabel('Valor da parcela');
    await value.pressSequentially('123456');
    await expect.poll(() => value.inputValue()).toBe('1.234,56');
    expect(await value.getAttribute('inputmode')).toBe('numeric');
    const start = drawer.getByLabel('Início');
    await start.pressSequentially('05122026');
    await expect.poll(() => start.inputValue()).toBe('05/12/2026');
    await start.fill('5/12/26');
    await start.blur();
    await expect.poll(() => start.inputValue()).toBe('05/12/2026');
    // A day that does not exist stays as typed, with the reason.
    await start.fill('31/02/2026');
    await start.blur();
    await drawer.getByText('Data inválida: use DD/MM/AAAA.').waitFor();
    expect(await start.inputValue()).toBe('31/02/2026');
    // The calendar marks today and "Hoje" fills it in.
    await drawer.getByRole('button', { name: 'Abrir o calendário' }).first().click();
    await page.locator('[data-today][data-highlight-today]').waitFor();
    await screenshot(page, 'date-picker-today');
    await page.getByRole('button', { name: 'Hoje', exact: true }).click();
    const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    await expect.poll(() => start.inputValue()).toBe(today);
  });

  it('shows a contract’s installments while it is filled in, and keeps a PDF attached to it', async () => {
    const page = await h.newPage();
    await signInToMatriz(page, h.app.url);
    await page.goto(`${h.app.url}/contas/contratos`);
    await page.getByRole('button', { name: 'Novo contrato' }).click();
    const drawer = page.getByRole('dialog');
    const choose = async (label: string, option: string) => {
      await drawer.getByLabel(label).click();
      await page.getByRole('option', { name: option }).click();
    };
    await choose('Parte (fornecedor, cliente ou parceiro)', 'Papelaria Central');
    await drawer.getByLabel('Objeto').fill('Fornecimento mensal de material de escritório');
    await drawer.getByLabel('Valor da parcela').fill('1.234,56');
    await drawer.getByLabel('Início').fill('31/01/2026');
    await drawer.getByLabel('Fim', { exact: true }).fill('30/06/2026');
    await choose('Classificação financeira', '4.02.005 Material de escritório');
    await choose('Centro de custo', '1 Administrativo');
    const schedule = drawer.getByRole('table', { name: 'Parcelas previstas' });
    await drawer.getByText('6 parcelas, total R$ 7.407,36').waitFor();
    await schedule.getByRole('row').filter({ hasText: '28/02/2026' }).getByText('R$ 1.234,56').waitFor();
    await screenshot(page, 'contract-schedule-preview');
    await drawer.getByRole('button', { name: 'Criar' }).click();
    await page.getByText('Contrato cadastrado.').waitFor();

    await page.getByRole('button', { name: 'Ações: Fornecimento mensal de material de escritório' }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await drawer.getByText('Nenhum arquivo anexado.').waitFor();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      drawer.getByRole('button', { name: 'Anexar arquivo' }).click(),
    ]);
    await chooser.setFiles({
      name: 'contrato-assinado.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\n%%EOF\n'),
    });
    await page.getByText('Arquivo anexado.').waitFor();
    await drawer.getByRole('button', { name: 'Baixar contrato-assinado.pdf' }).waitFor();
  });
});
