// A labelled set for the bank matcher: statement lines written the way Brazilian banks write them, the installments
// and movements the app holds, and which of them each line truly is. Deterministic for a seed (its own PRNG).
// `npx tsx bench/matching-set.ts` writes the fixed set bench/data/matching-labelled.json (seed 2026, 2,400 lines).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { addDays, formatDocument, type BankLineForMatch, type MatchCandidate } from '@financeiro/core';

export interface LabelledSet {
  lines: BankLineForMatch[];
  candidates: MatchCandidate[];
  /** The candidates each line truly pays, or null when the app holds nothing for it (fees, IOF, yields). */
  truth: Map<string, string[] | null>;
}

/** mulberry32: small, fast and the same on every machine. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST = [
  'Maria',
  'José',
  'João',
  'Ana',
  'Antônio',
  'Francisco',
  'Carlos',
  'Paulo',
  'Pedro',
  'Lucas',
  'Luís',
  'Marcos',
  'Gabriel',
  'Rafael',
  'Márcia',
  'Fernanda',
  'Patrícia',
  'Aline',
  'Sandra',
  'Juliana',
  'Conceição',
  'Letícia',
  'Sebastião',
  'Célia',
  'Vitória',
  'Tânia',
  'Raimundo',
  'Josefa',
  'Luiz Carlos',
  'Ana Paula',
  'Jéssica',
  'Thiago',
  'Bruna',
  'Rodrigo',
  'Cláudia',
  'Fábio',
  'Renata',
  'André',
  'Simone',
  'Edson',
];
const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Ribeiro',
  'Carvalho',
  'Araújo',
  'Gonçalves',
  'Conceição',
  'Assunção',
  'Magalhães',
  'Simões',
  'Brandão',
  'Nascimento',
  'Barbosa',
  'Rocha',
  'Dias',
  'Mendes',
  'Cavalcanti',
  'Monteiro',
  'Moreira',
  'Teixeira',
  'Nunes',
  'Freitas',
];
const CONNECTORS = ['da', 'de', 'dos', 'do'];
const TRADES = [
  'Comercial',
  'Distribuidora',
  'Transportes',
  'Padaria',
  'Construtora',
  'Farmácia',
  'Auto Peças',
  'Mercado',
  'Papelaria',
  'Tecnologia',
  'Serviços',
  'Indústria',
  'Confecções',
  'Materiais de Construção',
  'Clínica',
  'Escritório Contábil',
  'Restaurante',
  'Gráfica',
  'Laticínios',
  'Informática',
];
const BRANDS = [
  'São Jorge',
  'Andrade',
  'Boa Vista',
  'Horizonte',
  'Três Irmãos',
  'Progresso',
  'Santa Luzia',
  'Nova Era',
  'Alvorada',
  'Bandeirantes',
  'Ipê',
  'Estrela',
  'Paraná',
  'Minas Gerais',
  'Vale Verde',
  'Real',
  'Líder',
  'União',
  'Central',
  'Pioneira',
  'Aurora',
  'Brasil Sul',
  'Cristal',
  'Mauá',
  'Itatiaia',
];
const SUFFIXES = ['Ltda', 'Ltda', 'Ltda.', 'ME', 'Eireli', 'S.A.', 'EPP'];
const UTILITIES = [
  { memo: 'CEMIG', name: 'CEMIG Distribuição S.A.' },
  { memo: 'SABESP', name: 'SABESP Cia Saneamento Básico' },
  { memo: 'VIVO', name: 'Telefônica Brasil S.A. (Vivo)' },
  { memo: 'CLARO', name: 'Claro S.A.' },
  { memo: 'COPASA', name: 'COPASA Cia de Saneamento de MG' },
  { memo: 'SEGURO PORTO', name: 'Porto Seguro Cia de Seguros Gerais' },
];
/** Monthly plans many customers pay: the same amount from many parties on the same days. */
const PLAN_PRICES = [8990, 14990, 19990, 29900, 34900, 49900, 99000];
const BANKS = ['001', '033', '104', '237', '341', '260', '077', '336'];
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

interface Party {
  id: string;
  name: string;
  document: string;
  person: boolean;
}

export function makeLabelledSet(seed: number, lineCount: number, options: { candidates?: number } = {}): LabelledSet {
  const random = prng(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const chance = (p: number) => random() < p;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const digits = (n: number) => Array.from({ length: n }, () => int(0, 9)).join('');
  /** Log-uniform centavos between two amounts in reais, with centavos. */
  const amount = (minReais: number, maxReais: number) =>
    Math.round(Math.exp(Math.log(minReais) + random() * (Math.log(maxReais) - Math.log(minReais))) * 100);
  const customerAmount = () => (chance(0.3) ? pick(PLAN_PRICES) : chance(0.1) ? int(1, 40) * 5000 : amount(40, 6000));

  const checkDigit = (values: number[], weights: number[]) => {
    const rest = values.reduce((sum, v, i) => sum + v * (weights[i] ?? 0), 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const cpf = () => {
    const base = Array.from({ length: 9 }, () => int(0, 9));
    const d1 = checkDigit(base, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
    const d2 = checkDigit([...base, d1], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    return `${base.join('')}${d1}${d2}`;
  };
  const cnpj = (alphanumeric: boolean) => {
    const head = Array.from({ length: 8 }, () => (alphanumeric ? pick([...ALNUM]) : String(int(0, 9)))).join('');
    const base = [...`${head}0001`].map((c) => c.charCodeAt(0) - 48);
    const d1 = checkDigit(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
    const d2 = checkDigit([...base, d1], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
    return `${head}0001${d1}${d2}`;
  };

  let partySeq = 0;
  const person = (): Party => {
    const surnames = Array.from({ length: int(1, 3) }, () => pick(SURNAMES));
    const middle = surnames.map((s, i) => (i > 0 && chance(0.3) ? `${pick(CONNECTORS)} ${s}` : s)).join(' ');
    return { id: `P${++partySeq}`, name: `${pick(FIRST)} ${middle}`, document: cpf(), person: true };
  };
  const company = (): Party => ({
    id: `P${++partySeq}`,
    name: `${pick(TRADES)} ${pick(BRANDS)} ${pick(SUFFIXES)}`,
    document: cnpj(chance(0.1)),
    person: false,
  });
  const named = (name: string): Party => ({ id: `P${++partySeq}`, name, document: cnpj(false), person: false });

  const customers = Array.from({ length: Math.max(60, Math.round(lineCount / 3)) }, () =>
    chance(0.7) ? person() : company(),
  );
  const suppliers = Array.from({ length: Math.max(30, Math.round(lineCount / 10)) }, () => company());
  const utilities = UTILITIES.map((u) => ({ memo: u.memo, party: named(u.name) }));
  const [cielo, redecard] = [named('Cielo S.A.'), named('Redecard S.A.')];
  const acquirers = [
    { memo: 'CIELO VENDAS CREDITO', party: cielo },
    { memo: 'CIELO VENDAS DEBITO', party: cielo },
    { memo: 'REDE DEBITO', party: redecard },
    { memo: 'REDECARD CREDITO', party: redecard },
    { memo: 'STONE PAGAMENTOS', party: named('Stone Pagamentos S.A.') },
  ];
  const landlord = person();
  const strangers = Array.from({ length: 40 }, () => (chance(0.6) ? person() : company()));

  const start = '2026-03-02';
  const days = Math.max(30, Math.ceil(lineCount / 40));
  const someDay = () => addDays(start, int(0, days - 1));

  /** How a bank prints a name: upper case, accents mostly gone, middle names cut to initials, the whole memo cut. */
  const bankName = (name: string) => {
    let text = name.toUpperCase();
    if (chance(0.8)) text = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    text = text.replace(/[.,()]/g, '');
    const parts = text.split(' ');
    if (parts.length > 2 && chance(0.35)) {
      text = parts.map((p, i) => (i === 0 || i === parts.length - 1 ? p : (p[0] ?? ''))).join(' ');
    }
    return text;
  };
  const cut = (memo: string) => (chance(0.6) ? memo.slice(0, int(22, 32)).trimEnd() : memo);
  const documentText = (doc: string) => (chance(0.5) ? formatDocument(doc) : doc);
  const boletoDigits = () =>
    `${pick(BANKS)}9${digits(1)}.${digits(5)} ${digits(5)}.${digits(6)} ${digits(5)}.${digits(6)} ${digits(1)} ${digits(14)}`;

  const lines: BankLineForMatch[] = [];
  const candidates: MatchCandidate[] = [];
  const truth = new Map<BankLineForMatch, MatchCandidate[] | null>();
  let documentSeq = int(1000, 5000);

  const candidate = (
    party: Party | null,
    kind: MatchCandidate['kind'],
    date: string,
    signed: number,
    documentNumber: string | null = null,
  ): MatchCandidate => {
    const c: MatchCandidate = {
      id: '',
      kind,
      date,
      amount: signed,
      partyName: party?.name ?? null,
      partyDocument: party?.document ?? null,
      documentNumber,
      partyId: party?.id ?? null,
      fitIdsSeen: [],
    };
    candidates.push(c);
    return c;
  };
  const invoice = () => (chance(0.7) ? `NF-${++documentSeq}` : chance(0.5) ? `${++documentSeq}/1` : null);
  const line = (date: string, signed: number, memo: string, paid: MatchCandidate[] | null): BankLineForMatch => {
    const l: BankLineForMatch = { id: '', date, amount: signed, memo, fitId: null, reference: null };
    lines.push(l);
    truth.set(l, paid);
    return l;
  };
  /** Days between the due date and the payment: mostly on time, some early, some late, a few far too late. */
  const paymentDelay = (receivable: boolean) => {
    const r = random();
    if (r < (receivable ? 0.55 : 0.8)) return 0;
    if (r < (receivable ? 0.72 : 0.93)) return -int(1, 3);
    if (r < (receivable ? 0.95 : 0.99)) return int(1, 4);
    return int(6, 15);
  };

  /** What the bank writes for money a customer sent. */
  const receiptMemo = (payer: Party, numberOf: string | null): string => {
    const name = bankName(payer.name);
    const r = random();
    if (r < 0.32) return cut(`${pick(['PIX RECEBIDO - ', 'PIX REC ', 'RECEBIMENTO PIX '])}${name}`);
    if (r < 0.44) return `PIX REC ${documentText(payer.document)}`;
    if (r < 0.48 && payer.person)
      return `PIX RECEBIDO ***.${payer.document.slice(3, 6)}.${payer.document.slice(6, 9)}-**`;
    if (r < 0.56 && !payer.person)
      return cut(`${pick(['TED RECEBIDA', 'DOC CRED'])} ${pick(BANKS)} ${digits(4)} ${name}`);
    if (r < 0.66) return cut(`LIQUIDACAO BOLETO ${boletoDigits()}`);
    if (r < 0.74) return cut(`LIQ COBRANCA ${name}`);
    if (r < 0.8 && numberOf) return `CRED COBRANCA ${numberOf.replace('-', ' ')}`;
    return pick(['PIX RECEBIDO', 'DEPOSITO', 'CREDITO EM CONTA', 'TRANSF RECEBIDA', 'DEP DINHEIRO AG']);
  };
  /** What the bank writes for money paid to a supplier. */
  const paymentMemo = (payee: Party, numberOf: string | null): string => {
    const name = bankName(payee.name);
    const r = random();
    if (r < 0.25) return pick(['PAGTO BOLETO FORNECEDOR', 'SISPAG FORNECEDORES', 'PAGAMENTO DE TITULO']);
    if (r < 0.5) return cut(`${pick(['PAG BOLETO ', 'SISPAG ', 'PAGTO TITULO '])}${name}`);
    if (r < 0.7) return cut(`${pick(['PIX ENVIADO - ', 'PIX ENV '])}${name}`);
    if (r < 0.8) return `TED ENVIADA ${pick(BANKS)} ${documentText(payee.document)}`;
    if (r < 0.88 && numberOf) return `PAGTO TITULO ${numberOf}`;
    return cut(`PAGTO BOLETO ${boletoDigits()}`);
  };

  const months = Math.ceil(days / 30);
  for (let m = 0; m < months; m += 1) {
    // Rent: the same amount to the same landlord every month.
    const due = addDays(start, 3 + m * 30);
    const rent = candidate(landlord, 'installment', due, -450000, `ALUGUEL ${m + 1}`);
    line(due, -450000, cut(`PIX ENVIADO - ${bankName(landlord.name)}`), [rent]);
    // A monthly insurance debit the bank writes under the same FITID, already reconciled once.
    const insurance = candidate(utilities[5]?.party ?? null, 'movement', due, -38950);
    insurance.fitIdsSeen.push('DA-SEGURO-PORTO-0001');
    const debit = line(due, -38950, 'DEB AUTOMATICO SEGURO PORTO', [insurance]);
    debit.fitId = 'DA-SEGURO-PORTO-0001';
  }

  while (lines.length < lineCount) {
    const r = random();
    if (r < 0.36) {
      // A customer pays one installment.
      const payer = pick(customers);
      const due = someDay();
      const value = customerAmount();
      const doc = invoice();
      const c = candidate(payer, 'installment', due, value, doc);
      // Now and then the money comes from someone else (a relative, a partner company).
      const sender = chance(0.03) ? pick([...customers, ...strangers]) : payer;
      line(addDays(due, paymentDelay(true)), value, receiptMemo(sender, doc), [c]);
    } else if (r < 0.52) {
      // The company pays a supplier's bill.
      const payee = pick(suppliers);
      const due = someDay();
      const value = -amount(80, 40000);
      const doc = invoice();
      const c = candidate(payee, 'installment', due, value, doc);
      line(addDays(due, paymentDelay(false)), value, paymentMemo(payee, doc), [c]);
    } else if (r < 0.56) {
      // A utility's automatic debit on the due date.
      const u = pick(utilities.slice(0, 5));
      const due = someDay();
      const value = -amount(60, 3000);
      const c = candidate(u.party, 'installment', due, value, `${digits(10)}`);
      line(due, value, `DEB AUTOMATICO ${u.memo}`, [c]);
    } else if (r < 0.59) {
      // Two customers on the same plan due the same day; one pays.
      const due = someDay();
      const value = pick(PLAN_PRICES);
      const [a, b] = [pick(customers), pick(customers)];
      const paid = candidate(a, 'installment', due, value, invoice());
      candidate(b, 'installment', due, value, invoice());
      line(addDays(due, paymentDelay(true)), value, receiptMemo(a, paid.documentNumber), [paid]);
    } else if (r < 0.63) {
      // One payment of several bills of one party: a customer's PIX or a supplier batch.
      const receivable = chance(0.7);
      const party = receivable ? pick(customers) : pick(suppliers);
      const due = someDay();
      const bills = Array.from({ length: int(2, 4) }, () =>
        candidate(
          party,
          'installment',
          addDays(due, int(-3, 0)),
          receivable ? customerAmount() : -amount(80, 8000),
          invoice(),
        ),
      );
      const total = bills.reduce((sum, c) => sum + c.amount, 0);
      const memo = receivable ? receiptMemo(party, null) : paymentMemo(party, null);
      line(addDays(due, receivable ? int(0, 2) : 0), total, memo, bills);
    } else if (r < 0.65) {
      // A partial payment of a customer's installment.
      const payer = pick(customers);
      const due = someDay();
      const value = amount(200, 6000);
      const c = candidate(payer, 'installment', due, value, invoice());
      line(addDays(due, paymentDelay(true)), Math.round(value * (0.2 + random() * 0.6)), receiptMemo(payer, null), [c]);
    } else if (r < 0.68) {
      // A customer with two installments of the same amount a few days apart pays one of them.
      const payer = pick(customers);
      const due = someDay();
      const value = customerAmount();
      const first = candidate(payer, 'installment', due, value, invoice());
      candidate(payer, 'installment', addDays(due, int(1, 4)), value, invoice());
      line(due, value, receiptMemo(payer, first.documentNumber), [first]);
    } else if (r < 0.76) {
      // Card acquirer: one day's sales settled as one receivable or movement, credited in batches or whole.
      const acquirer = pick(acquirers);
      const date = someDay();
      const parts = chance(0.45) ? int(2, 5) : 1;
      const credits = Array.from({ length: parts }, () => amount(30, 4000));
      const total = credits.reduce((sum, v) => sum + v, 0);
      const c = chance(0.5)
        ? candidate(acquirer.party, 'movement', date, total)
        : candidate(acquirer.party, 'installment', addDays(date, -int(0, 1)), total, `VENDAS ${date}`);
      for (const v of credits) line(date, v, `${acquirer.memo} LOTE ${digits(6)}`, [c]);
    } else if (r < 0.79) {
      // A transfer between the company's own accounts, registered in the app as a movement.
      const date = someDay();
      const value = (chance(0.5) ? 1 : -1) * (chance(0.5) ? int(1, 50) * 100000 : amount(500, 50000));
      const c = candidate(null, 'movement', date, value);
      const memo = value > 0 ? `TED TRANSF ENTRE CONTAS ${digits(4)}` : `TRANSF CC ${digits(5)}-${digits(1)}`;
      line(date, value, memo, [c]);
    } else if (r < 0.82) {
      // A bank fee the team registered in the app by hand.
      const date = someDay();
      const value = -pick([1290, 4590, 6990, 2500, 990]);
      const c = candidate(null, 'movement', date, value);
      line(date, value, pick(['TARIFA MANUTENCAO CONTA', 'TAR PACOTE SERVICOS', 'TARIFA PIX']), [c]);
    } else if (r < 0.94) {
      // Money the app knows nothing about: fees, taxes, yields, an unregistered payer.
      const date = someDay();
      const k = random();
      if (k < 0.3)
        line(
          date,
          -pick([1290, 4590, 6990, 2500, 990, 1500]),
          pick(['TARIFA MANUTENCAO CONTA', 'TAR PACOTE SERVICOS', 'TAR DOC/TED', 'TARIFA BOLETO']),
          null,
        );
      else if (k < 0.45) line(date, -amount(0.5, 120), 'IOF', null);
      else if (k < 0.6)
        line(date, amount(1, 900), pick(['RENDIMENTO APLICACAO', 'REND PAGO APLIC AUT', 'RESGATE CDB']), null);
      else if (k < 0.8) line(date, customerAmount(), receiptMemo(pick(strangers), null), null);
      else if (k < 0.9) line(date, -amount(50, 3000), paymentMemo(pick(strangers), null), null);
      else line(date, -int(1, 20) * 5000, pick(['SAQUE TERMINAL', 'SAQUE 24H', 'ESTORNO PIX']), null);
    } else {
      // Open items that were not paid in this statement: installments and movements with no line.
      const party = chance(0.6) ? pick(customers) : pick(suppliers);
      const receivable = customers.includes(party);
      for (let i = int(1, 6); i > 0; i -= 1) {
        candidate(party, 'installment', someDay(), receivable ? customerAmount() : -amount(80, 40000), invoice());
      }
    }
  }

  // Open items with no line, up to the requested number of candidates.
  const wanted = options.candidates ?? Math.round(lineCount * 1.8);
  while (candidates.length < wanted) {
    const receivable = chance(0.6);
    const party = receivable ? pick(customers) : pick(suppliers);
    candidate(party, 'installment', someDay(), receivable ? customerAmount() : -amount(80, 40000), invoice());
  }

  // The statement in date order, the app's rows in no telling order; ids given after, so they reveal nothing.
  const shuffle = <T>(items: T[]) => {
    for (let i = items.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
    return items;
  };
  const statement = shuffle(lines).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  statement.forEach((l, i) => {
    l.id = `L${String(i + 1).padStart(6, '0')}`;
    l.fitId ??= `${l.date.replaceAll('-', '')}${String(i + 1).padStart(6, '0')}`;
  });
  shuffle(candidates).forEach((c, i) => (c.id = `C${String(i + 1).padStart(6, '0')}`));
  return {
    lines: statement,
    candidates,
    truth: new Map(statement.map((l) => [l.id, truth.get(l)?.map((c) => c.id) ?? null])),
  };
}

/** The committed set: seed 2026, 2,400 lines. */
export const LABELLED_SET_FILE = new URL('./data/matching-labelled.json', import.meta.url);

export interface LabelledSetFile {
  seed: number;
  lines: BankLineForMatch[];
  candidates: MatchCandidate[];
  truth: Record<string, string[] | null>;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const seed = 2026;
  const set = makeLabelledSet(seed, 2400);
  const file: LabelledSetFile = {
    seed,
    lines: set.lines,
    candidates: set.candidates,
    truth: Object.fromEntries(set.truth),
  };
  writeFileSync(LABELLED_SET_FILE, `${JSON.stringify(file)}\n`);
  console.log(`${set.lines.length} lines, ${set.candidates.length} candidates → ${fileURLToPath(LABELLED_SET_FILE)}`);
}
