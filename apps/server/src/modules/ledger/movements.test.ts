import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { memberWith } from '../../test/members';
import { eventLog } from '../audit/schema';
import { units } from '../tenancy/schema';
import { accountMovements } from './schema';
import { newAccount, newClassification, newCostCentre, type Callers } from '../../test/ledger-fixtures';

describe('ledger movements: transfers, manual entries and their reversals', () => {
  let d: DemoApp;
  let fin: Callers;
  const ids = { checking: '', investment: '', other: '', classification: '', centre: '', otherClassification: '' };

  const db = () => d.t.database.db;
  const movementCount = async () => (await db().select({ n: count() }).from(accountMovements))[0]?.n ?? 0;
  const balanceAt = async (as: Callers, accountId: string, date = '2026-12-31') =>
    (await as.ledger.statement.balances({ date })).accounts.find((a) => a.id === accountId)?.balance;
  const transfer = (overrides: Record<string, unknown> = {}) => ({
    fromAccountId: ids.checking,
    toAccountId: ids.investment,
    date: '2026-03-10',
    amount: 150_000,
    description: 'Aplicação mensal',
    ...overrides,
  });
  const entry = (overrides: Record<string, unknown> = {}) => ({
    accountId: ids.checking,
    date: '2026-03-31',
    direction: 'out' as const,
    amount: 4_590,
    classificationId: ids.classification,
    description: 'Tarifa de manutenção de conta',
    ...overrides,
  });

  beforeAll(async () => {
    d = await startDemoApp();
    fin = await d.as('financeiro', d.matriz);
    const admin = await d.as('admin', d.matriz);
    ids.checking = await newAccount(admin, d.matriz.unitId, 'Conta movimento');
    ids.investment = await newAccount(admin, d.matriz.unitId, 'Aplicação automática');
    ids.classification = await newClassification(admin, 'Tarifas bancárias');
    ids.centre = await newCostCentre(admin, 'Administrativo');
    const outro = await d.as('outro', d.elsewhere);
    ids.other = await newAccount(outro, d.elsewhere.unitId, 'Conta da outra');
    ids.otherClassification = await newClassification(outro, 'Da outra');
    await memberWith(db(), d.matriz, 'leitor', ['ler_transacoes']);
    await memberWith(db(), d.matriz, 'lancador', ['editar_transacoes']);
  });
  afterAll(() => d?.t.close());

  it('writes a transfer as two legs sharing one id, seen on both statements, and its reversal brings both balances back', async () => {
    const checkingBefore = await balanceAt(fin, ids.checking);
    const investmentBefore = await balanceAt(fin, ids.investment);
    const { transferId, movementIds } = await fin.ledger.movements.transfer(transfer());
    const legs = await db().select().from(accountMovements).where(eq(accountMovements.transferId, transferId));
    expect(legs).toHaveLength(2);
    expect(legs.map((l) => l.amount).sort((a, b) => a - b)).toEqual([-150_000, 150_000]);
    expect(legs.every((l) => l.kind === 'transfer' && l.date === '2026-03-10')).toBe(true);

    const period = { from: '2026-03-01', to: '2026-03-31' };
    const out = await fin.ledger.statement.get({ accountId: ids.checking, ...period });
    expect(out.rows.find((r) => r.id === movementIds[0])).toMatchObject({
      amount: -150_000,
      kind: 'transfer',
      description: 'Aplicação mensal',
      counterpartAccountName: 'Aplicação automática',
      reversed: false,
    });
    const into = await fin.ledger.statement.get({ accountId: ids.investment, ...period });
    expect(into.rows.find((r) => r.id === movementIds[1])).toMatchObject({
      amount: 150_000,
      counterpartAccountName: 'Conta movimento',
    });
    expect(await balanceAt(fin, ids.checking)).toBe((checkingBefore ?? 0) - 150_000);
    expect(await balanceAt(fin, ids.investment)).toBe((investmentBefore ?? 0) + 150_000);

    // Either leg reverses the whole transfer, with movements of the original date.
    const { movementIds: undone } = await fin.ledger.movements.reverse({
      movementId: movementIds[1],
      reason: 'Valor errado',
    });
    expect(undone).toHaveLength(2);
    expect(await balanceAt(fin, ids.checking)).toBe(checkingBefore);
    expect(await balanceAt(fin, ids.investment)).toBe(investmentBefore);
    const after = await fin.ledger.statement.get({ accountId: ids.checking, ...period });
    expect(after.rows.find((r) => r.id === movementIds[0])?.reversed).toBe(true);
    expect(after.rows.find((r) => r.kind === 'transfer_reversal')).toMatchObject({
      amount: 150_000,
      date: '2026-03-10',
      description: 'Estorno — Aplicação mensal',
    });
    expect(await messageOf(fin.ledger.movements.reverse({ movementId: movementIds[0], reason: 'de novo' }))).toBe(
      'Esta transferência já foi estornada.',
    );
    expect(await codeOf(fin.ledger.movements.reverse({ movementId: movementIds[0], reason: 'de novo' }))).toBe(
      'CONFLICT',
    );
    expect(await messageOf(fin.ledger.movements.reverse({ movementId: undone[0] ?? '', reason: 'x' }))).toBe(
      'Um estorno não pode ser estornado.',
    );
    const events = await db().select().from(eventLog).where(eq(eventLog.entityId, ids.checking));
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining(['financial_account.transfer', 'financial_account.reverse']),
    );
  });

  it('every transfer has exactly two legs, however many are made', async () => {
    for (const amount of [1, 2_500, 99_999_999_999]) {
      await fin.ledger.movements.transfer(transfer({ amount, date: '2026-04-02' }));
    }
    const legs = await db()
      .select({ transferId: accountMovements.transferId, n: count() })
      .from(accountMovements)
      .where(eq(accountMovements.organizationId, d.matriz.organizationId))
      .groupBy(accountMovements.transferId);
    for (const group of legs.filter((g) => g.transferId)) expect(group.n).toBe(2);
  });

  it('writes a classified manual entry, signed by its direction, and reverses it', async () => {
    const before = await balanceAt(fin, ids.checking);
    const fee = await fin.ledger.movements.createEntry(entry({ costCentreId: ids.centre }));
    const income = await fin.ledger.movements.createEntry(
      entry({ direction: 'in', amount: 12_345, description: 'Rendimento', costCentreId: '' }),
    );
    expect(await balanceAt(fin, ids.checking)).toBe((before ?? 0) - 4_590 + 12_345);
    const statement = await fin.ledger.statement.get({ accountId: ids.checking, from: '2026-03-31', to: '2026-03-31' });
    expect(statement.rows.find((r) => r.id === fee.movementId)).toMatchObject({
      kind: 'manual',
      amount: -4_590,
      classificationName: 'Tarifas bancárias',
      costCentreName: 'Administrativo',
    });
    expect(statement.rows.find((r) => r.id === income.movementId)).toMatchObject({
      amount: 12_345,
      costCentreName: null,
    });
    await fin.ledger.movements.reverse({ movementId: fee.movementId, reason: 'Tarifa estornada pelo banco' });
    expect(await balanceAt(fin, ids.checking)).toBe((before ?? 0) + 12_345);
    expect(await codeOf(fin.ledger.movements.reverse({ movementId: fee.movementId, reason: 'de novo' }))).toBe(
      'CONFLICT',
    );
  });

  it('refuses bad input with a pt-BR message, storing nothing', async () => {
    const admin = await d.as('admin', d.matriz);
    const inactive = await newAccount(admin, d.matriz.unitId, 'Conta encerrada');
    await admin.registries.accounts.setStatus({ id: inactive, status: 'inactive' });
    const inactiveClassification = await newClassification(admin, 'Antiga');
    await admin.registries.classifications.setStatus({ id: inactiveClassification, status: 'inactive' });
    const before = await movementCount();
    const cases: [() => Promise<unknown>, string][] = [
      [() => fin.ledger.movements.transfer(transfer({ toAccountId: ids.checking })), 'Escolha contas diferentes'],
      [() => fin.ledger.movements.transfer(transfer({ amount: 0 })), 'O valor deve ser maior que zero.'],
      [() => fin.ledger.movements.transfer(transfer({ amount: -100 })), 'O valor deve ser maior que zero.'],
      [() => fin.ledger.movements.transfer(transfer({ amount: 10 ** 15 })), 'O valor não pode passar de'],
      [() => fin.ledger.movements.transfer(transfer({ amount: true })), 'em centavos, como número inteiro'],
      [() => fin.ledger.movements.transfer(transfer({ amount: null })), 'Informe o valor da transferência.'],
      [() => fin.ledger.movements.transfer(transfer({ date: '31/02/2026' })), 'Data inválida'],
      [() => fin.ledger.movements.transfer(transfer({ date: '2199-01-01' })), 'não pode ser futura'],
      [() => fin.ledger.movements.transfer(transfer({ date: '2025-12-31' })), 'antes da abertura da conta'],
      [() => fin.ledger.movements.transfer(transfer({ description: 'x'.repeat(10_000) })), 'Use até 200 caracteres.'],
      [() => fin.ledger.movements.transfer(transfer({ description: 'a\u0000b' })), 'caractere nulo'],
      [() => fin.ledger.movements.transfer(transfer({ toAccountId: inactive })), 'está inativa'],
      [() => fin.ledger.movements.transfer(transfer({ toAccountId: ids.other })), 'Conta não encontrada'],
      [() => fin.ledger.movements.transfer(transfer({ fromAccountId: 'abc' })), 'Escolha a conta de origem.'],
      [() => fin.ledger.movements.createEntry(entry({ classificationId: undefined })), 'Escolha a classificação.'],
      [
        () => fin.ledger.movements.createEntry(entry({ classificationId: ids.otherClassification })),
        'Classificação não encontrada nesta organização.',
      ],
      [
        () => fin.ledger.movements.createEntry(entry({ classificationId: inactiveClassification })),
        'A classificação "Antiga" está inativa.',
      ],
      [() => fin.ledger.movements.createEntry(entry({ costCentreId: uuidv7() })), 'Centro de custo não encontrado'],
      [() => fin.ledger.movements.createEntry(entry({ accountId: ids.other })), 'Conta não encontrada'],
      [() => fin.ledger.movements.createEntry(entry({ direction: 'sideways' })), 'Escolha entrada ou saída.'],
      [() => fin.ledger.movements.createEntry(entry({ description: ' ' })), 'Descreva o lançamento.'],
      [() => fin.ledger.movements.createEntry(entry({ amount: '12,30' })), 'em centavos, como número inteiro'],
      [() => fin.ledger.movements.reverse({ movementId: uuidv7(), reason: 'x' }), 'Movimento não encontrado'],
      [() => fin.ledger.movements.reverse({ movementId: uuidv7(), reason: '' }), 'Informe o motivo do estorno.'],
    ];
    for (const [call, message] of cases) {
      const code = await codeOf(call());
      expect(['BAD_REQUEST', 'NOT_FOUND'], message).toContain(code);
      expect(await messageOf(call())).toContain(message);
    }
    expect(await movementCount()).toBe(before);
  });

  it("cannot reach another organization's movements, nor another unit's accounts", async () => {
    const outro = await d.as('outro', d.elsewhere);
    const admin2 = await d.as('admin', d.matriz);
    const ours = await fin.ledger.movements.transfer(transfer({ date: '2026-05-05' }));
    const before = await movementCount();
    expect(await codeOf(outro.ledger.movements.reverse({ movementId: ours.movementIds[0], reason: 'x' }))).toBe(
      'NOT_FOUND',
    );
    expect(await codeOf(outro.ledger.statement.get({ accountId: ids.checking }))).toBe('NOT_FOUND');
    expect((await outro.ledger.statement.balances({})).accounts.map((a) => a.id)).not.toContain(ids.checking);
    expect(await codeOf(admin2.ledger.statement.get({ accountId: ids.other }))).toBe('NOT_FOUND');
    // Nor the other unit's: the Filial works with its own accounts, and these are the Matriz's.
    const [filial] = await db().select().from(units).where(eq(units.slug, 'filial-campinas'));
    const atFilial = await d.as('admin', { organizationId: d.matriz.organizationId, unitId: filial?.id ?? '' });
    expect(await codeOf(atFilial.ledger.movements.reverse({ movementId: ours.movementIds[0], reason: 'x' }))).toBe(
      'NOT_FOUND',
    );
    expect(await codeOf(atFilial.ledger.movements.transfer(transfer()))).toBe('BAD_REQUEST');
    expect(await codeOf(atFilial.ledger.statement.get({ accountId: ids.checking }))).toBe('NOT_FOUND');
    expect(await movementCount()).toBe(before);
  });

  it('reads with ler_transacoes and writes with editar_transacoes, each alone', async () => {
    const leitor = await d.as('leitor', d.matriz);
    const lancador = await d.as('lancador', d.matriz);
    const solicitante = await d.as('solicitante', d.matriz);
    const before = await movementCount();
    expect(await codeOf(leitor.ledger.statement.get({ accountId: ids.checking }))).toBe('OK');
    expect(await codeOf(leitor.ledger.movements.transfer(transfer()))).toBe('FORBIDDEN');
    expect(await codeOf(leitor.ledger.movements.createEntry(entry()))).toBe('FORBIDDEN');
    expect(await codeOf(lancador.ledger.statement.get({ accountId: ids.checking }))).toBe('FORBIDDEN');
    expect(await codeOf(lancador.ledger.statement.balances({}))).toBe('FORBIDDEN');
    expect(await codeOf(solicitante.ledger.statement.get({ accountId: ids.checking }))).toBe('FORBIDDEN');
    expect(await messageOf(solicitante.ledger.movements.transfer(transfer()))).toMatch(/não tem (acesso|permissão)/);
    expect(await movementCount()).toBe(before);
    expect(await codeOf(lancador.ledger.movements.createEntry(entry({ date: '2026-06-01' })))).toBe('OK');
  });

  it('the same idempotency key sent twice at once makes one transfer', async () => {
    const before = await movementCount();
    const idempotencyKey = uuidv7();
    const sent = transfer({ date: '2026-06-15', idempotencyKey });
    const [a, b] = await Promise.all([fin.ledger.movements.transfer(sent), fin.ledger.movements.transfer(sent)]);
    expect(a.transferId).toBe(b.transferId);
    expect(await movementCount()).toBe(before + 2);
  });

  it('two reversals of one transfer at once: one wins, the other is told', async () => {
    const { movementIds } = await fin.ledger.movements.transfer(transfer({ date: '2026-07-01' }));
    const tesouraria = await d.as('admin', d.matriz);
    const results = await Promise.all([
      codeOf(fin.ledger.movements.reverse({ movementId: movementIds[0], reason: 'Duplicada' })),
      codeOf(tesouraria.ledger.movements.reverse({ movementId: movementIds[1], reason: 'Duplicada' })),
    ]);
    expect(results.sort()).toEqual(['CONFLICT', 'OK']);
    const reversals = await db().select().from(accountMovements).where(eq(accountMovements.kind, 'transfer_reversal'));
    expect(reversals.filter((r) => movementIds.includes(r.reversalOf ?? ''))).toHaveLength(2);
  });
});
