import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_MATCH_THRESHOLD,
  matchStatement,
  type BankLineForMatch,
  type MatchCandidate,
  type MatchSuggestion,
} from './match';

const line = (id: string, date: string, amount: number, memo: string): BankLineForMatch => ({
  id,
  date,
  amount,
  memo,
  fitId: `FIT-${id}`,
  reference: null,
});

const installment = (
  id: string,
  date: string,
  amount: number,
  party: { id: string; name: string; document: string } | null,
  documentNumber: string | null = null,
): MatchCandidate => ({
  id,
  kind: 'installment',
  date,
  amount,
  partyName: party?.name ?? null,
  partyDocument: party?.document ?? null,
  documentNumber,
  partyId: party?.id ?? null,
  fitIdsSeen: [],
});

const maria = { id: 'p-maria', name: 'Maria Souza da Silva', document: '12345678909' };
const joao = { id: 'p-joao', name: 'João Pereira Lima', document: '11144477735' };
const andrade = { id: 'p-andrade', name: 'Comercial Andrade Ltda', document: '11222333000181' };
const cielo = { id: 'p-cielo', name: 'Cielo S.A.', document: '11444777000161' };

const automatic = (suggestions: MatchSuggestion[]) => suggestions.filter((s) => s.automatic);
const codes = (s: MatchSuggestion | undefined) => s?.reasons.map((r) => r.code);

describe('matchStatement', () => {
  it('picks the installment of the customer whose CPF the PIX carries over another one of the same amount', () => {
    const suggestions = matchStatement(
      [line('l1', '2026-03-10', 19990, 'PIX REC 123.456.789-09')],
      [installment('joao-mar', '2026-03-10', 19990, joao), installment('maria-mar', '2026-03-10', 19990, maria)],
    );
    const [match] = automatic(suggestions);
    expect(match?.candidateIds).toEqual(['maria-mar']);
    expect(match?.reasons).toContainEqual({
      code: 'document_in_memo',
      text: 'CPF 123.456.789-09 do cliente no histórico',
    });
    expect(automatic(suggestions)).toHaveLength(1);
  });

  it('suggests nothing automatic between two candidates of the same amount and day with no other clue', () => {
    const suggestions = matchStatement(
      [line('l1', '2026-03-10', 19990, 'PIX RECEBIDO')],
      [installment('joao-mar', '2026-03-10', 19990, joao), installment('maria-mar', '2026-03-10', 19990, maria)],
    );
    expect(automatic(suggestions)).toEqual([]);
    const [hint] = suggestions;
    expect(hint?.score).toBeLessThan(DEFAULT_MATCH_THRESHOLD);
    expect(hint?.reasons).toContainEqual({
      code: 'ambiguous',
      text: 'Outro lançamento com o mesmo valor e data próxima',
    });
  });

  it('matches one amount and day alone when nothing else has that amount, and says why in pt-BR with R$', () => {
    const [match] = matchStatement(
      [line('l1', '2026-03-12', -123456, 'PAGTO BOLETO FORNECEDOR')],
      [installment('bill', '2026-03-10', -123456, andrade), installment('other', '2026-03-10', -99990, andrade)],
    );
    expect(match?.automatic).toBe(true);
    expect(match?.candidateIds).toEqual(['bill']);
    expect(match?.reasons).toEqual([
      { code: 'same_amount', text: 'Mesmo valor: R$\u00a01.234,56' },
      { code: 'date_within', text: 'Data a 2 dias do vencimento' },
    ]);
  });

  it('takes an amount alone up to 4 days after the due date (a weekend and a day of clearing), not 5', () => {
    const after = (days: number) =>
      matchStatement(
        [line('l1', `2026-03-${String(10 + days).padStart(2, '0')}`, 182858, 'LIQUIDACAO BOLETO 10493.35107')],
        [installment('bill', '2026-03-10', 182858, maria)],
      )[0];
    expect(after(4)?.automatic).toBe(true);
    expect(after(4)?.reasons).toContainEqual({ code: 'date_within', text: 'Data a 4 dias do vencimento' });
    expect(after(5)?.automatic).toBe(false);
  });

  it('raises the score for the name, the document number and a FITID reconciled before', () => {
    const seen = { ...installment('rent', '2026-03-05', -450000, andrade, 'NF-1234'), fitIdsSeen: ['FIT-l1'] };
    const [match] = matchStatement(
      [line('l1', '2026-03-05', -450000, 'PIX ENVIADO - COMERCIAL ANDRADE NF 1234')],
      [seen],
    );
    expect(match?.score).toBe(100);
    expect(match?.reasons.map((r) => r.text)).toEqual([
      'Mesmo valor: R$\u00a04.500,00',
      'Mesma data do vencimento',
      'Nome do fornecedor no histórico: Comercial Andrade Ltda',
      'Número do documento NF-1234 no histórico',
      'Identificador do banco já conciliado com este lançamento',
    ]);
  });

  it('does not take a year in the memo for the number of a document', () => {
    const [match] = matchStatement(
      [line('l1', '2026-03-10', 19990, 'PIX RECEBIDO 10/03/2026 12:34')],
      [installment('a', '2026-03-10', 19990, joao, 'FAT-2026/123'), installment('b', '2026-03-10', 19990, maria)],
    );
    expect(match?.automatic).toBe(false);
    expect(codes(match)).not.toContain('document_number_in_memo');
  });

  it('reads a truncated name with initials, without accents, and an alphanumeric CNPJ', () => {
    const parana = { id: 'p-parana', name: 'Distribuidora São Jorge Ltda', document: '12ABC34501DE35' };
    const suggestions = matchStatement(
      [
        line('l1', '2026-03-10', 29900, 'PIX RECEBIDO - MARIA S DA SILV'),
        line('l2', '2026-03-10', -50000, 'TED ENVIADA 341 12.ABC.345/01DE-35'),
      ],
      [
        installment('maria', '2026-03-10', 29900, maria),
        installment('joao', '2026-03-10', 29900, joao),
        installment('sj', '2026-03-11', -50000, parana),
        installment('other', '2026-03-11', -50000, andrade),
      ],
    );
    const byLine = new Map(automatic(suggestions).map((s) => [s.lineIds[0], s]));
    expect(byLine.get('l1')?.candidateIds).toEqual(['maria']);
    expect(byLine.get('l1')?.reasons).toContainEqual({
      code: 'name_in_memo',
      text: 'Nome do cliente no histórico: Maria Souza da Silva',
    });
    expect(byLine.get('l2')?.candidateIds).toEqual(['sj']);
    expect(byLine.get('l2')?.reasons).toContainEqual({
      code: 'document_in_memo',
      text: 'CNPJ 12.ABC.345/01DE-35 do fornecedor no histórico',
    });
  });

  it('does not take a different person whose name starts the same for the customer', () => {
    const bruna = { id: 'p-bruna', name: 'Bruna Alves Moreira', document: '52998224725' };
    const suggestions = matchStatement(
      [line('l1', '2026-03-10', 10000, 'PIX RECEBIDO - BRUNA ALVES MAGALHAES')],
      [installment('bruna', '2026-03-10', 30000, bruna)],
    );
    expect(suggestions).toEqual([]);
  });

  it('matches one PIX paying three installments of one customer, each allocated in full', () => {
    const suggestions = matchStatement(
      [line('l1', '2026-03-10', 60000, 'PIX RECEBIDO - COMERCIAL ANDRADE LTDA')],
      [
        installment('a1', '2026-03-08', 10000, andrade),
        installment('a2', '2026-03-09', 20000, andrade),
        installment('a3', '2026-03-10', 30000, andrade),
        installment('a4', '2026-03-10', 45000, andrade),
        installment('x', '2026-03-10', 20000, joao),
      ],
    );
    const [match] = automatic(suggestions);
    expect(match?.candidateIds.toSorted()).toEqual(['a1', 'a2', 'a3']);
    expect(match?.allocations.map((a) => a.amount).toSorted((a, b) => a - b)).toEqual([10000, 20000, 30000]);
    expect(match?.reasons[0]).toEqual({
      code: 'sum_of_installments',
      text: 'Soma de 3 parcelas de Comercial Andrade Ltda: R$\u00a0600,00',
    });
  });

  it('pays the installments of the customer a PIX names though an anonymous credit has the amount of one of them', () => {
    const suggestions = matchStatement(
      [
        line('named', '2026-03-10', 69880, 'PIX RECEBIDO - MARIA SOUZA DA SILVA'),
        line('anonymous', '2026-03-10', 19990, 'PIX RECEBIDO'),
      ],
      [
        installment('m1', '2026-03-10', 19990, maria),
        installment('m2', '2026-03-09', 49890, maria),
        installment('joao', '2026-03-10', 19990, joao),
      ],
    );
    const named = automatic(suggestions).find((s) => s.lineIds.includes('named'));
    expect(named?.candidateIds.toSorted()).toEqual(['m1', 'm2']);
    expect(named?.reasons.map((r) => r.code)).not.toContain('ambiguous');
  });

  it('matches a payment naming no one to the installments of the only customer whose bills add up to it', () => {
    const bills = [installment('m1', '2026-03-08', 12345, maria), installment('m2', '2026-03-10', 23456, maria)];
    const [match] = automatic(
      matchStatement(
        [line('l1', '2026-03-10', 35801, 'TRANSF RECEBIDA')],
        [...bills, installment('j1', '2026-03-09', 10000, joao), installment('j2', '2026-03-10', 20000, joao)],
      ),
    );
    expect(match?.candidateIds.toSorted()).toEqual(['m1', 'm2']);
    expect(match?.reasons).toContainEqual({
      code: 'sum_of_installments',
      text: 'Nenhum outro participante tem parcelas que somem este valor',
    });

    const twoCustomers = matchStatement(
      [line('l1', '2026-03-10', 35801, 'TRANSF RECEBIDA')],
      [...bills, installment('j1', '2026-03-09', 15801, joao), installment('j2', '2026-03-10', 20000, joao)],
    );
    expect(automatic(twoCustomers)).toEqual([]);
    expect(codes(twoCustomers[0])).toContain('ambiguous');
  });

  it("matches a day's card credits of one acquirer that add up to one receivable", () => {
    const suggestions = matchStatement(
      [
        line('c1', '2026-03-10', 15000, 'CIELO VENDAS CREDITO LOTE 000123'),
        line('c2', '2026-03-10', 27590, 'CIELO VENDAS CREDITO LOTE 000124'),
        line('c3', '2026-03-10', 8811, 'CIELO VENDAS CREDITO LOTE 000125'),
        line('p1', '2026-03-10', 8811, 'PIX RECEBIDO'),
      ],
      [installment('sales', '2026-03-09', 51401, cielo)],
    );
    const [match] = automatic(suggestions);
    expect(match?.lineIds.toSorted()).toEqual(['c1', 'c2', 'c3']);
    expect(match?.candidateIds).toEqual(['sales']);
    expect(codes(match)).toEqual(['sum_of_lines', 'date_within', 'name_in_memo']);
    expect(match?.reasons[0]?.text).toBe('Soma de 3 créditos do extrato: R$\u00a0514,01');
  });

  it('knows a card acquirer by the word the bank writes for it: REDE for the party registered as Redecard', () => {
    const redecard = { id: 'p-redecard', name: 'Redecard S.A.', document: '01425787000104' };
    const suggestions = matchStatement(
      [
        line('r1', '2026-03-10', 15000, 'REDE DEBITO LOTE 000123'),
        line('r2', '2026-03-10', 27590, 'REDE DEBITO LOTE 000124'),
      ],
      [installment('sales', '2026-03-10', 42590, redecard)],
    );
    const [match] = automatic(suggestions);
    expect(match?.lineIds.toSorted()).toEqual(['r1', 'r2']);
    expect(match?.reasons).toContainEqual({
      code: 'acquirer_in_memo',
      text: 'Credenciadora REDE (Redecard S.A.) no histórico',
    });
  });

  it('splits a day of more than twelve credits of one acquirer among its receivables of that day', () => {
    const sales = [
      [11000, 23050, 4090, 70000, 15555],
      [9990, 31000, 2750, 48800],
      [12345, 6780, 99000, 41200, 5010],
    ];
    const lines = sales.flatMap((credits, batch) =>
      credits.map((amount, i) =>
        line(`b${batch}-${i}`, '2026-03-10', amount, `CIELO VENDAS CREDITO LOTE ${batch}${i}`),
      ),
    );
    const receivables = sales.map((credits, batch) =>
      installment(
        `sales-${batch}`,
        '2026-03-10',
        credits.reduce((sum, v) => sum + v, 0),
        cielo,
      ),
    );
    const auto = automatic(matchStatement(lines, receivables));
    expect(auto.map((s) => [s.candidateIds[0], s.lineIds.length]).toSorted()).toEqual([
      ['sales-0', 5],
      ['sales-1', 4],
      ['sales-2', 5],
    ]);
    for (const s of auto) {
      const batch = s.candidateIds[0]?.slice(-1);
      expect(s.lineIds.every((id) => id.startsWith(`b${batch}-`))).toBe(true);
    }
  });

  it('takes a smaller payment as part of an installment only when the memo names the customer', () => {
    const named = matchStatement(
      [line('l1', '2026-03-10', 30000, 'PIX REC 123.456.789-09')],
      [installment('maria', '2026-03-10', 100000, maria)],
    );
    expect(named[0]?.reasons[0]).toEqual({
      code: 'partial',
      text: 'Pagamento parcial: R$\u00a0300,00 de R$\u00a01.000,00',
    });
    expect(named[0]?.allocations).toEqual([{ lineId: 'l1', candidateId: 'maria', amount: 30000 }]);
    const fullScore = matchStatement(
      [line('l1', '2026-03-10', 100000, 'PIX REC 123.456.789-09')],
      [installment('maria', '2026-03-10', 100000, maria)],
    )[0]?.score;
    expect(named[0]?.score).toBeLessThan(fullScore ?? 0);

    const anonymous = matchStatement(
      [line('l1', '2026-03-10', 30000, 'PIX RECEBIDO')],
      [installment('maria', '2026-03-10', 100000, maria)],
    );
    expect(anonymous).toEqual([]);
  });

  it('matches a payment weeks late when the memo names the customer and the amount is exactly an open installment', () => {
    const [match] = automatic(
      matchStatement(
        [line('l1', '2026-04-02', 45990, 'PIX RECEBIDO - MARIA SOUZA DA SILVA')],
        [installment('march', '2026-03-10', 45990, maria), installment('other', '2026-04-01', 45990, joao)],
      ),
    );
    expect(match?.candidateIds).toEqual(['march']);
    expect(match?.reasons).toContainEqual({ code: 'paid_late', text: 'Pago 23 dias após o vencimento' });
    const onTime = matchStatement(
      [line('l1', '2026-03-10', 45990, 'PIX RECEBIDO - MARIA SOUZA DA SILVA')],
      [installment('march', '2026-03-10', 45990, maria)],
    )[0];
    expect(match?.score).toBeLessThan(onTime?.score ?? 0);
  });

  it('does not match a late payment the memo does not identify, nor a late one over an installment due now', () => {
    const anonymous = matchStatement(
      [line('l1', '2026-04-02', 45990, 'PIX RECEBIDO')],
      [installment('march', '2026-03-10', 45990, maria)],
    );
    expect(anonymous).toEqual([]);
    const [current] = automatic(
      matchStatement(
        [line('l1', '2026-04-10', 45990, 'PIX REC 123.456.789-09')],
        [installment('march', '2026-03-10', 45990, maria), installment('april', '2026-04-10', 45990, maria)],
      ),
    );
    expect(current?.candidateIds).toEqual(['april']);
  });

  it('matches a fee booked on its very day though the same fee is charged on the days around', () => {
    const fee = (id: string, date: string): MatchCandidate => ({
      ...installment(id, date, -1290, null),
      kind: 'movement',
    });
    const suggestions = matchStatement(
      [
        line('l9', '2026-03-09', -1290, 'TARIFA PIX'),
        line('l10', '2026-03-10', -1290, 'TARIFA PIX'),
        line('l11', '2026-03-11', -1290, 'TARIFA PIX'),
      ],
      [fee('fee-10', '2026-03-10'), fee('fee-11', '2026-03-11')],
    );
    expect(automatic(suggestions).map((s) => [s.lineIds, s.candidateIds])).toEqual([
      [['l10'], ['fee-10']],
      [['l11'], ['fee-11']],
    ]);
    const twiceThatDay = matchStatement(
      [line('a', '2026-03-10', -1290, 'TARIFA PIX'), line('b', '2026-03-10', -1290, 'TARIFA PIX')],
      [fee('fee-10', '2026-03-10')],
    );
    expect(automatic(twiceThatDay)).toEqual([]);
  });

  it('uses each line and each candidate once, the best evidence first', () => {
    const suggestions = matchStatement(
      [
        line('l1', '2026-03-10', 19990, 'PIX RECEBIDO - JOAO PEREIRA LIMA'),
        line('l2', '2026-03-10', 19990, 'PIX RECEBIDO - MARIA SOUZA DA SILVA'),
        line('l3', '2026-03-10', 19990, 'PIX RECEBIDO - MARIA SOUZA DA SILVA'),
      ],
      [installment('joao', '2026-03-10', 19990, joao), installment('maria', '2026-03-10', 19990, maria)],
    );
    const lineIds = suggestions.flatMap((s) => s.lineIds);
    const candidateIds = suggestions.flatMap((s) => s.candidateIds);
    expect(new Set(lineIds).size).toBe(lineIds.length);
    expect(new Set(candidateIds).size).toBe(candidateIds.length);
    const auto = automatic(suggestions);
    // João's is certain; Maria paid once, so which of her two PIX lines is hers is a person's call.
    expect(auto.map((s) => [s.lineIds, s.candidateIds])).toEqual([[['l1'], ['joao']]]);
  });

  it('pays a customer’s oldest open installment first when two of the same amount are in the window', () => {
    const suggestions = matchStatement(
      [line('l1', '2026-03-10', 19990, 'PIX REC 123.456.789-09')],
      [installment('later', '2026-03-12', 19990, maria), installment('earlier', '2026-03-08', 19990, maria)],
    );
    expect(automatic(suggestions).map((s) => s.candidateIds)).toEqual([['earlier']]);
  });

  it('gives the same suggestions whatever the order of the rows', () => {
    const lines = [
      line('l1', '2026-03-10', 19990, 'PIX RECEBIDO'),
      line('l2', '2026-03-10', 19990, 'PIX RECEBIDO'),
      line('l3', '2026-03-11', 5000, 'DEPOSITO'),
    ];
    const candidates = [
      installment('a', '2026-03-10', 19990, joao),
      installment('b', '2026-03-10', 19990, maria),
      installment('c', '2026-03-11', 5000, null),
    ];
    expect(matchStatement(lines.toReversed(), candidates.toReversed())).toEqual(matchStatement(lines, candidates));
  });

  it('never allocates more than a line or a candidate holds, and both sides of a suggestion add up the same', () => {
    const parties = [maria, joao, andrade, cielo, null];
    const day = fc.integer({ min: 1, max: 20 }).map((d) => `2026-03-${String(d).padStart(2, '0')}`);
    // Few distinct amounts, so that equal amounts, sums and partial payments happen often.
    const amount = fc.constantFrom(5000, 10000, 15000, 20000, 25000, 35000, 50000, -5000, -10000, -15000, -30000);
    const memos = fc.constantFrom(
      'PIX RECEBIDO',
      'PIX REC 123.456.789-09',
      'PIX RECEBIDO - MARIA SOUZA DA SILVA',
      'TED ENVIADA 237 COMERCIAL ANDRADE LTDA',
      'CIELO VENDAS CREDITO LOTE 1',
      'SISPAG FORNECEDORES',
    );
    const lineArb = fc.array(fc.tuple(day, amount, memos), { maxLength: 25 });
    const candidateArb = fc.array(
      fc.tuple(
        day,
        amount,
        fc.constantFrom(...parties),
        fc.constantFrom('movement', 'installment') as fc.Arbitrary<'movement' | 'installment'>,
      ),
      { maxLength: 25 },
    );
    fc.assert(
      fc.property(lineArb, candidateArb, (lineRows, candidateRows) => {
        const lines = lineRows.map(([date, value, memo], i) => line(`l${i}`, date, value, memo));
        const candidates = candidateRows.map(([date, value, party, kind], i) => ({
          ...installment(`c${i}`, date, value, party),
          kind,
        }));
        const lineAmount = new Map(lines.map((l) => [l.id, l.amount]));
        const candidateAmount = new Map(candidates.map((c) => [c.id, c.amount]));
        const usedLines = new Map<string, number>();
        const usedCandidates = new Map<string, number>();
        const suggestions = matchStatement(lines, candidates);
        const lineIds = suggestions.flatMap((s) => s.lineIds);
        const candidateIds = suggestions.flatMap((s) => s.candidateIds);
        expect(new Set(lineIds).size).toBe(lineIds.length);
        expect(new Set(candidateIds).size).toBe(candidateIds.length);
        for (const s of suggestions) {
          expect(s.score).toBeGreaterThanOrEqual(0);
          expect(s.score).toBeLessThanOrEqual(100);
          let byLines = 0;
          let byCandidates = 0;
          for (const a of s.allocations) {
            const l = lineAmount.get(a.lineId) ?? 0;
            const c = candidateAmount.get(a.candidateId) ?? 0;
            expect(Math.sign(a.amount)).toBe(Math.sign(l));
            expect(Math.sign(a.amount)).toBe(Math.sign(c));
            usedLines.set(a.lineId, (usedLines.get(a.lineId) ?? 0) + Math.abs(a.amount));
            usedCandidates.set(a.candidateId, (usedCandidates.get(a.candidateId) ?? 0) + Math.abs(a.amount));
          }
          for (const id of s.lineIds)
            byLines += s.allocations.filter((a) => a.lineId === id).reduce((t, a) => t + a.amount, 0);
          for (const id of s.candidateIds) {
            byCandidates += s.allocations.filter((a) => a.candidateId === id).reduce((t, a) => t + a.amount, 0);
          }
          expect(byLines).toBe(byCandidates);
          expect(s.allocations.reduce((t, a) => t + a.amount, 0)).toBe(byLines);
        }
        for (const [id, total] of usedLines) expect(total).toBeLessThanOrEqual(Math.abs(lineAmount.get(id) ?? 0));
        for (const [id, total] of usedCandidates) {
          expect(total).toBeLessThanOrEqual(Math.abs(candidateAmount.get(id) ?? 0));
        }
      }),
    );
  });
});
