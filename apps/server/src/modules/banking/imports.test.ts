import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { memberWith } from '../../test/members';
import { accountMovements } from '../ledger/schema';
import { newClassification, newCostCentre, type Callers } from '../../test/ledger-fixtures';
import { banks } from '../registries/schema';
import { bankReconciliationLinks, bankStatementImports, bankStatementLines } from './schema';

interface OfxLine {
  date: string;
  amount: string;
  memo: string;
  fitId?: string;
  line?: string;
}

/** An OFX file as Brazilian banks export it: SGML, one statement of one account. */
function ofx(
  lines: OfxLine[],
  account = { bank: '0341', branch: '1234', number: '56789-0' },
  closing: { amount: string; date: string } | null = null,
) {
  const day = (iso: string) => iso.replaceAll('-', '');
  const transactions = lines.map(
    (l) => `<STMTTRN>
<TRNTYPE>${l.amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}
<DTPOSTED>${day(l.date)}
<TRNAMT>${l.amount}
<FITID>${l.fitId ?? ''}
<MEMO>${l.memo}
</STMTTRN>`,
  );
  const text = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
CHARSET:1252

<OFX>
<BANKMSGSRSV1>
<STMTTRNRS>
<STMTRS>
<CURDEF>BRL
<BANKACCTFROM>
<BANKID>${account.bank}
<BRANCHID>${account.branch}
<ACCTID>${account.number}
</BANKACCTFROM>
<BANKTRANLIST>
<DTSTART>${day(lines[0]?.date ?? '2026-11-01')}
<DTEND>${day(lines[lines.length - 1]?.date ?? '2026-11-30')}
${transactions.join('\n')}
</BANKTRANLIST>
${closing ? `<LEDGERBAL>\n<BALAMT>${closing.amount}\n<DTASOF>${day(closing.date)}\n</LEDGERBAL>` : ''}
</STMTRS>
</STMTTRNRS>
</BANKMSGSRSV1>
</OFX>
`;
  return Buffer.from(text, 'latin1').toString('base64');
}

describe('banking imports: statement files into an account', () => {
  let d: DemoApp;
  let fin: Callers;
  const ids = { account: '', second: '', fees: '', centre: '' };
  const db = () => d.t.database.db;
  const november: OfxLine[] = [
    { date: '2026-11-03', amount: '-12.90', memo: 'TARIFA PACOTE SERVIÇOS', fitId: 'A1' },
    { date: '2026-11-04', amount: '1500.00', memo: 'PIX RECEBIDO CARLA', fitId: 'A2' },
    { date: '2026-11-04', amount: '-250.00', memo: 'PIX ENVIADO FORNECEDOR', fitId: 'A3' },
  ];
  const later: OfxLine[] = [
    { date: '2026-11-05', amount: '-40.00', memo: 'PAGTO BOLETO', fitId: 'A4' },
    { date: '2026-11-06', amount: '-1.38', memo: 'IOF', fitId: 'A5' },
  ];
  const linesOfAccount = async (accountId: string) =>
    (await db().select({ n: count() }).from(bankStatementLines).where(eq(bankStatementLines.accountId, accountId)))[0]
      ?.n ?? 0;

  beforeAll(async () => {
    d = await startDemoApp();
    fin = await d.as('financeiro', d.matriz);
    const admin = await d.as('admin', d.matriz);
    let [itau] = await db()
      .select({ id: banks.id })
      .from(banks)
      .where(and(eq(banks.organizationId, d.matriz.organizationId), eq(banks.code, '341')));
    itau ??= await admin.registries.banks.create({ code: '341', name: 'Itaú Unibanco S.A.' });
    const type = await admin.registries.accountTypes.create({ name: 'Corrente do extrato', kind: 'checking' });
    const account = (name: string, number: string) =>
      admin.registries.accounts.create({
        name,
        accountTypeId: type.id,
        bankId: itau?.id ?? null,
        branch: '1234',
        number,
        openingBalance: 100_000,
        openingDate: '2026-01-01',
        unitIds: [d.matriz.unitId],
      });
    ids.account = (await account('Itaú movimento', '56789-0')).id;
    ids.second = (await account('Itaú aplicação', '99999-9')).id;
    ids.fees = await newClassification(admin, 'Tarifas e IOF');
    ids.centre = await newCostCentre(admin, 'Administração');
    await memberWith(db(), d.matriz, 'sem-conciliacao', ['ler_contas_pagar']);
  });
  afterAll(() => d?.t.close());

  it('previews a file by the account its bank, branch and number name, then imports it; the same file again adds nothing', async () => {
    const content = ofx(november, undefined, { amount: '2237.10', date: '2026-11-04' });
    const preview = await fin.banking.imports.preview({ fileName: 'extrato-novembro.ofx', content });
    expect(preview.format).toBe('ofx');
    expect(preview.rejected).toEqual([]);
    expect(preview.statements).toMatchObject([
      {
        index: 0,
        account: { id: ids.account, name: 'Itaú movimento' },
        accountMessage: null,
        lineCount: 3,
        newCount: 3,
        alreadyImported: 0,
        totalIn: 150_000,
        totalOut: 26_290,
        closingBalance: { amount: 223_710, date: '2026-11-04' },
        appBalance: 100_000,
        difference: 123_710,
      },
    ]);
    expect(await linesOfAccount(ids.account)).toBe(0);

    const key = crypto.randomUUID();
    const commit = {
      fileName: 'extrato-novembro.ofx',
      content,
      statements: [{ index: 0, accountId: ids.account }],
      acceptRejected: false,
      idempotencyKey: key,
    };
    const first = await fin.banking.imports.commit(commit);
    expect(first).toMatchObject({ newCount: 3, duplicateCount: 0, reconciledByRules: 0 });
    // The same submission again (a double click) answers the first result.
    expect(await fin.banking.imports.commit(commit)).toEqual(first);
    expect(await linesOfAccount(ids.account)).toBe(3);

    const again = await fin.banking.imports.commit({ ...commit, idempotencyKey: crypto.randomUUID() });
    expect(again).toMatchObject({ newCount: 0, duplicateCount: 3 });
    expect(await linesOfAccount(ids.account)).toBe(3);
    const previewAgain = await fin.banking.imports.preview({ fileName: 'extrato-novembro.ofx', content });
    expect(previewAgain.statements[0]).toMatchObject({ newCount: 0, alreadyImported: 3 });

    // A later export overlapping the first adds only its new lines.
    const overlapping = ofx([...november.slice(1), ...later]);
    const overlap = await fin.banking.imports.commit({
      ...commit,
      content: overlapping,
      fileName: 'extrato-ate-dia-6.ofx',
      idempotencyKey: crypto.randomUUID(),
    });
    expect(overlap).toMatchObject({ newCount: 2, duplicateCount: 2 });
    expect(await linesOfAccount(ids.account)).toBe(5);
    const imports = await db()
      .select()
      .from(bankStatementImports)
      .where(eq(bankStatementImports.accountId, ids.account));
    expect(imports.map((i) => [i.newCount, i.duplicateCount])).toEqual([
      [3, 0],
      [0, 3],
      [2, 2],
    ]);
    expect(imports[0]).toMatchObject({ closingBalance: 223_710, closingBalanceDate: '2026-11-04', format: 'ofx' });
  });

  it('says which account a file names when none of the organization is it, and imports into the one chosen', async () => {
    const content = ofx(november, { bank: '237', branch: '9999', number: '1111-1' });
    const preview = await fin.banking.imports.preview({ fileName: 'bradesco.ofx', content });
    expect(preview.statements[0]).toMatchObject({
      account: null,
      accountMessage: 'Conta não encontrada: banco 237, agência 9999, conta 1111-1.',
    });
    const chosen = await fin.banking.imports.preview({ fileName: 'bradesco.ofx', content, accountId: ids.second });
    expect(chosen.statements[0]).toMatchObject({ account: { id: ids.second }, accountMessage: null, newCount: 3 });
    const result = await fin.banking.imports.commit({
      fileName: 'bradesco.ofx',
      content,
      statements: [{ index: 0, accountId: ids.second }],
      acceptRejected: false,
    });
    expect(result.newCount).toBe(3);
  });

  it('reads a CSV into the chosen account with the guessed columns, remembers them for the bank, and re-importing adds nothing', async () => {
    const csv = Buffer.from(
      [
        'Data;Histórico;Documento;Valor',
        '14/11/2026;PIX RECEBIDO JOAO;123;250,00',
        '15/11/2026;PAGTO BOLETO;;-45,90',
      ].join('\r\n'),
      'latin1',
    ).toString('base64');
    const preview = await fin.banking.imports.preview({
      fileName: 'extrato.csv',
      content: csv,
      accountId: ids.account,
    });
    expect(preview.format).toBe('csv');
    expect(preview.csv?.source).toBe('guessed');
    expect(preview.csv?.mapping).toMatchObject({ separator: ';', decimal: ',', columns: { date: 0, amount: 3 } });
    expect(preview.statements[0]).toMatchObject({ account: { id: ids.account }, newCount: 2, totalIn: 25_000 });
    const withoutAccount = await fin.banking.imports.preview({ fileName: 'extrato.csv', content: csv });
    expect(withoutAccount.statements[0]?.accountMessage).toBe(
      'O arquivo não diz de que conta é o extrato: escolha a conta.',
    );

    // The person names the Documento column as the reference before importing.
    const guessed = preview.csv?.mapping;
    if (!guessed) throw new Error('a CSV preview gives its columns');
    const mapping = { ...guessed, columns: { ...guessed.columns, reference: 2 } };
    const commit = {
      fileName: 'extrato.csv',
      content: csv,
      statements: [{ index: 0, accountId: ids.account }],
      acceptRejected: false,
      csvMapping: mapping,
    };
    expect(await fin.banking.imports.commit(commit)).toMatchObject({ newCount: 2 });
    const [pix] = await db().select().from(bankStatementLines).where(eq(bankStatementLines.memo, 'PIX RECEBIDO JOAO'));
    expect(pix).toMatchObject({ amount: 25_000, date: '2026-11-14', reference: '123' });

    // The other account of the same bank is offered the columns just confirmed.
    const next = await fin.banking.imports.preview({ fileName: 'outro.csv', content: csv, accountId: ids.second });
    expect(next.csv).toEqual({ mapping, source: 'remembered' });
    const { csvMapping: _sent, ...remembered } = commit;
    expect(await fin.banking.imports.commit(remembered)).toMatchObject({ newCount: 0, duplicateCount: 2 });
  });

  it('refuses a file with unreadable lines unless they are accepted, and then imports the rest', async () => {
    const content = ofx([
      { date: '2026-11-10', amount: '-99.00', memo: 'COMPRA CARTAO', fitId: 'R1' },
      { date: '2026-11-10', amount: 'abc', memo: 'LINHA QUEBRADA', fitId: 'R2' },
    ]);
    const preview = await fin.banking.imports.preview({ fileName: 'quebrado.ofx', content });
    expect(preview.rejected).toHaveLength(1);
    expect(preview.rejected[0]?.message).toMatch(/^Linha \d+: /);
    const before = await linesOfAccount(ids.account);
    const commit = {
      fileName: 'quebrado.ofx',
      content,
      statements: [{ index: 0, accountId: ids.account }],
      acceptRejected: false,
    };
    expect(await messageOf(fin.banking.imports.commit(commit))).toMatch(
      /^1 linha do arquivo não pôde ser lida \(linha \d+\)\. Confirme que quer importar as demais sem ela\.$/,
    );
    expect(await linesOfAccount(ids.account)).toBe(before);
    expect(await fin.banking.imports.commit({ ...commit, acceptRejected: true })).toMatchObject({
      newCount: 1,
      rejectedCount: 1,
    });
    expect(await linesOfAccount(ids.account)).toBe(before + 1);
  });

  it('applies the active rules to the new lines: a fee becomes a classified manual entry reconciled with its line', async () => {
    const rule = await fin.banking.rules.create({
      memoContains: 'tarifa servicos',
      direction: 'out',
      maxAmount: 10_000,
      classificationId: ids.fees,
      costCentreId: ids.centre,
      description: 'Tarifa bancária — {memo}',
    });
    await fin.banking.rules.create({
      memoContains: 'IOF',
      classificationId: ids.fees,
      description: 'IOF',
      active: false,
    });
    expect((await fin.banking.rules.list()).map((r) => r.memoContains)).toEqual(['tarifa servicos', 'IOF']);
    const content = ofx(
      [
        { date: '2026-11-12', amount: '-19.90', memo: 'TARIFA  SERVIÇOS AVULSOS', fitId: 'F1' },
        { date: '2026-11-12', amount: '-190.00', memo: 'TARIFA SERVICOS ESPECIAIS', fitId: 'F2' },
        { date: '2026-11-12', amount: '-2.10', memo: 'IOF', fitId: 'F3' },
      ],
      { bank: '341', branch: '1234', number: '999999' },
    );
    const result = await fin.banking.imports.commit({
      fileName: 'tarifas.ofx',
      content,
      statements: [{ index: 0, accountId: ids.second }],
      acceptRejected: false,
    });
    expect(result).toMatchObject({ newCount: 3, reconciledByRules: 1 });
    const stored = await db().select().from(bankStatementLines).where(eq(bankStatementLines.accountId, ids.second));
    const fee = stored.find((l) => l.fitId === 'F1');
    expect(fee).toMatchObject({ status: 'reconciled', reconciled: 1_990 });
    expect(stored.filter((l) => l.status === 'open').map((l) => l.fitId)).toEqual(expect.arrayContaining(['F2', 'F3']));
    const [link] = await db()
      .select()
      .from(bankReconciliationLinks)
      .where(eq(bankReconciliationLinks.lineId, fee?.id ?? ''));
    const [entry] = await db()
      .select()
      .from(accountMovements)
      .where(eq(accountMovements.id, link?.movementId ?? ''));
    expect(entry).toMatchObject({
      amount: -1_990,
      kind: 'manual',
      date: '2026-11-12',
      classificationId: ids.fees,
      costCentreId: ids.centre,
      description: 'Tarifa bancária — TARIFA SERVIÇOS AVULSOS',
    });

    await fin.banking.rules.update({
      id: rule.id,
      version: 1,
      memoContains: 'tarifa servicos',
      classificationId: ids.fees,
      description: 'Tarifa',
      active: false,
    });
    expect(
      await codeOf(
        fin.banking.rules.update({
          id: rule.id,
          version: 1,
          memoContains: 'x',
          classificationId: ids.fees,
          description: 'x',
        }),
      ),
    ).toBe('CONFLICT');
    await fin.banking.rules.delete({ id: rule.id });
    expect((await fin.banking.rules.list()).map((r) => r.memoContains)).toEqual(['IOF']);
    expect(await codeOf(fin.banking.rules.delete({ id: rule.id }))).toBe('NOT_FOUND');
  });

  it('leaves to the suggestions a line the books already have: a fee entered by hand is not entered twice by a rule', async () => {
    await fin.banking.rules.create({
      memoContains: 'tarifa manutencao',
      direction: 'out',
      classificationId: ids.fees,
      description: 'Tarifa — {memo}',
    });
    await fin.ledger.movements.createEntry({
      accountId: ids.second,
      date: '2026-11-27',
      direction: 'out',
      amount: 8_990,
      classificationId: ids.fees,
      description: 'Tarifa de manutenção de conta',
      idempotencyKey: crypto.randomUUID(),
    });
    const result = await fin.banking.imports.commit({
      fileName: 'manutencao.ofx',
      content: ofx(
        [
          { date: '2026-11-30', amount: '-89.90', memo: 'TARIFA MANUTENCAO CONTA', fitId: 'M1' },
          { date: '2026-11-30', amount: '-15.00', memo: 'TARIFA MANUTENCAO EXTRATO', fitId: 'M2' },
        ],
        { bank: '341', branch: '1234', number: '999999' },
      ),
      statements: [{ index: 0, accountId: ids.second }],
      acceptRejected: false,
    });
    expect(result).toMatchObject({ newCount: 2, reconciledByRules: 1 });
    const stored = await db().select().from(bankStatementLines).where(eq(bankStatementLines.accountId, ids.second));
    expect(stored.find((l) => l.fitId === 'M1')).toMatchObject({ status: 'open' });
    expect(stored.find((l) => l.fitId === 'M2')).toMatchObject({ status: 'reconciled' });
    const fees = await db()
      .select()
      .from(accountMovements)
      .where(and(eq(accountMovements.accountId, ids.second), eq(accountMovements.amount, -8_990)));
    expect(fees).toHaveLength(1);
    const suggested = await fin.banking.reconciliation.suggest({
      accountId: ids.second,
      from: '2026-11-20',
      to: '2026-11-30',
    });
    const lineId = stored.find((l) => l.fitId === 'M1')?.id ?? '';
    expect(suggested.find((s) => s.lineIds.includes(lineId))?.candidates).toEqual([
      { id: fees[0]?.id, kind: 'movement' },
    ]);
  });

  it('refuses bad files and bad input with pt-BR messages, storing nothing', async () => {
    const before = await db().select({ n: count() }).from(bankStatementImports);
    const base = { fileName: 'x.ofx', statements: [{ index: 0, accountId: ids.account }], acceptRejected: true };
    const cases: [() => Promise<unknown>, string][] = [
      [
        () => fin.banking.imports.preview({ fileName: 'nota.ofx', content: Buffer.from('olá').toString('base64') }),
        'O arquivo não é um extrato OFX',
      ],
      [() => fin.banking.imports.preview({ fileName: 'x.ofx', content: '' }), 'O arquivo está vazio.'],
      [() => fin.banking.imports.preview({ fileName: 'x.ofx', content: 'não é base64!' }), 'base64 inválido'],
      [
        () => fin.banking.imports.preview({ fileName: 'x.ofx', content: 'A'.repeat(28_000_000) }),
        'O arquivo passa de 20 MB, o limite para extratos.',
      ],
      [() => fin.banking.imports.preview({ fileName: 'x\u0000.ofx', content: ofx(november) }), 'caractere nulo'],
      [
        () => fin.banking.imports.preview({ fileName: 42, content: ofx(november) } as never),
        'Informe o nome do arquivo.',
      ],
      [
        () => fin.banking.imports.commit({ ...base, content: ofx(november), acceptRejected: 'sim' } as never),
        'Informe se as linhas que não puderam ser lidas ficam de fora.',
      ],
      [
        () => fin.banking.imports.commit({ ...base, content: ofx(november), statements: [] }),
        'Escolha ao menos um extrato do arquivo para importar.',
      ],
      [
        () =>
          fin.banking.imports.commit({
            ...base,
            content: ofx(november),
            statements: [{ index: 3, accountId: ids.account }],
          }),
        'O arquivo não tem o extrato 4.',
      ],
      [
        () =>
          fin.banking.imports.commit({
            ...base,
            content: ofx([{ date: '2026-11-20', amount: '-1.00', memo: 'M'.repeat(5_000), fitId: 'H1' }]),
          }),
        'OK',
      ],
    ];
    for (const [call, expected] of cases) expect(await messageOf(call())).toContain(expected);
    // A NUL inside the file (not in the request's text) is dropped from what is stored.
    const withNul = ofx([{ date: '2026-11-21', amount: '-2.00', memo: 'TAR\u0000IFA', fitId: 'N\u00001' }]);
    expect(await fin.banking.imports.commit({ ...base, content: withNul })).toMatchObject({ newCount: 1 });
    const [nul] = await db().select().from(bankStatementLines).where(eq(bankStatementLines.fitId, 'N1'));
    expect(nul?.memo).toBe('TARIFA');
    const [memo] = await db().select().from(bankStatementLines).where(eq(bankStatementLines.fitId, 'H1'));
    expect(memo?.memo).toHaveLength(1_000);
    const [after] = await db().select({ n: count() }).from(bankStatementImports);
    expect(after?.n).toBe((before[0]?.n ?? 0) + 2);
  });

  it('keeps imports to their organization and to who may reconcile', async () => {
    const content = ofx(later, { bank: '341', branch: '1234', number: '56789-0' });
    const outro = await d.as('outro', d.elsewhere);
    const preview = await outro.banking.imports.preview({ fileName: 'x.ofx', content });
    expect(preview.statements[0]?.account).toBeNull();
    expect(
      await messageOf(
        outro.banking.imports.commit({
          fileName: 'x.ofx',
          content,
          statements: [{ index: 0, accountId: ids.account }],
          acceptRejected: false,
        }),
      ),
    ).toMatch(/^Conta não encontrada/);
    expect(await codeOf(outro.banking.imports.preview({ fileName: 'x.ofx', content, accountId: ids.account }))).toBe(
      'BAD_REQUEST',
    );
    const semPermissao = await d.as('sem-conciliacao', d.matriz);
    expect(await codeOf(semPermissao.banking.imports.preview({ fileName: 'x.ofx', content }))).toBe('FORBIDDEN');
    const [other] = await db()
      .select({ n: count() })
      .from(bankStatementImports)
      .where(eq(bankStatementImports.organizationId, d.elsewhere.organizationId));
    expect(other?.n).toBe(0);
  });
});
