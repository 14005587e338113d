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

/** The set's random draws, all from one seeded sequence: the order they are drawn in makes the set. */
interface Dice {
  random: () => number;
  int: (min: number, max: number) => number;
  chance: (p: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  digits: (n: number) => string;
  /** Log-uniform centavos between two amounts in reais, with centavos. */
  amount: (minReais: number, maxReais: number) => number;
  customerAmount: () => number;
}

function dice(seed: number): Dice {
  const random = prng(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const chance = (p: number) => random() < p;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const amount = (minReais: number, maxReais: number) =>
    Math.round(Math.exp(Math.log(minReais) + random() * (Math.log(maxReais) - Math.log(minReais))) * 100);
  return {
    random,
    int,
    chance,
    pick,
    digits: (n) => Array.from({ length: n }, () => int(0, 9)).join(''),
    amount,
    customerAmount: () => (chance(0.3) ? pick(PLAN_PRICES) : chance(0.1) ? int(1, 40) * 5000 : amount(40, 6000)),
  };
}

function checkDigit(values: number[], weights: number[]): number {
  const rest = values.reduce((sum, v, i) => sum + v * (weights[i] ?? 0), 0) % 11;
  return rest < 2 ? 0 : 11 - rest;
}

function cpf(d: Dice): string {
  const base = Array.from({ length: 9 }, () => d.int(0, 9));
  const d1 = checkDigit(base, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = checkDigit([...base, d1], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${base.join('')}${d1}${d2}`;
}

function cnpj(d: Dice, alphanumeric: boolean): string {
  const head = Array.from({ length: 8 }, () => (alphanumeric ? d.pick([...ALNUM]) : String(d.int(0, 9)))).join('');
  const base = [...`${head}0001`].map((c) => c.charCodeAt(0) - 48);
  const d1 = checkDigit(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = checkDigit([...base, d1], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${head}0001${d1}${d2}`;
}

/** Everyone who pays or is paid in the set: customers, suppliers, utilities, card acquirers, a landlord, strangers. */
interface Cast {
  customers: Party[];
  suppliers: Party[];
  utilities: { memo: string; party: Party }[];
  acquirers: { memo: string; party: Party }[];
  landlord: Party;
  /** People and companies the app does not know, who send money or are paid. */
  strangers: Party[];
}

function castOf(d: Dice, lineCount: number): Cast {
  let partySeq = 0;
  const person = (): Party => {
    const surnames = Array.from({ length: d.int(1, 3) }, () => d.pick(SURNAMES));
    const middle = surnames.map((s, i) => (i > 0 && d.chance(0.3) ? `${d.pick(CONNECTORS)} ${s}` : s)).join(' ');
    return { id: `P${++partySeq}`, name: `${d.pick(FIRST)} ${middle}`, document: cpf(d), person: true };
  };
  const company = (): Party => ({
    id: `P${++partySeq}`,
    name: `${d.pick(TRADES)} ${d.pick(BRANDS)} ${d.pick(SUFFIXES)}`,
    document: cnpj(d, d.chance(0.1)),
    person: false,
  });
  const named = (name: string): Party => ({ id: `P${++partySeq}`, name, document: cnpj(d, false), person: false });

  const customers = Array.from({ length: Math.max(60, Math.round(lineCount / 3)) }, () =>
    d.chance(0.7) ? person() : company(),
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
  const strangers = Array.from({ length: 40 }, () => (d.chance(0.6) ? person() : company()));
  return { customers, suppliers, utilities, acquirers, landlord, strangers };
}

/** How a bank prints a name: upper case, accents mostly gone, middle names cut to initials, the whole memo cut. */
function bankName(d: Dice, name: string): string {
  let text = name.toUpperCase();
  if (d.chance(0.8)) text = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  text = text.replace(/[.,()]/g, '');
  const parts = text.split(' ');
  if (parts.length > 2 && d.chance(0.35)) {
    text = parts.map((p, i) => (i === 0 || i === parts.length - 1 ? p : (p[0] ?? ''))).join(' ');
  }
  return text;
}

const cut = (d: Dice, memo: string) => (d.chance(0.6) ? memo.slice(0, d.int(22, 32)).trimEnd() : memo);
const documentText = (d: Dice, doc: string) => (d.chance(0.5) ? formatDocument(doc) : doc);
const boletoDigits = ({ pick, digits }: Dice) =>
  `${pick(BANKS)}9${digits(1)}.${digits(5)} ${digits(5)}.${digits(6)} ${digits(5)}.${digits(6)} ${digits(1)} ${digits(14)}`;

/** What the bank writes for money a customer sent. */
function receiptMemo(d: Dice, payer: Party, numberOf: string | null): string {
  const name = bankName(d, payer.name);
  const r = d.random();
  if (r < 0.32) return cut(d, `${d.pick(['PIX RECEBIDO - ', 'PIX REC ', 'RECEBIMENTO PIX '])}${name}`);
  if (r < 0.44) return `PIX REC ${documentText(d, payer.document)}`;
  if (r < 0.48 && payer.person)
    return `PIX RECEBIDO ***.${payer.document.slice(3, 6)}.${payer.document.slice(6, 9)}-**`;
  if (r < 0.56 && !payer.person)
    return cut(d, `${d.pick(['TED RECEBIDA', 'DOC CRED'])} ${d.pick(BANKS)} ${d.digits(4)} ${name}`);
  if (r < 0.66) return cut(d, `LIQUIDACAO BOLETO ${boletoDigits(d)}`);
  if (r < 0.74) return cut(d, `LIQ COBRANCA ${name}`);
  if (r < 0.8 && numberOf) return `CRED COBRANCA ${numberOf.replace('-', ' ')}`;
  return d.pick(['PIX RECEBIDO', 'DEPOSITO', 'CREDITO EM CONTA', 'TRANSF RECEBIDA', 'DEP DINHEIRO AG']);
}

/** What the bank writes for money paid to a supplier. */
function paymentMemo(d: Dice, payee: Party, numberOf: string | null): string {
  const name = bankName(d, payee.name);
  const r = d.random();
  if (r < 0.25) return d.pick(['PAGTO BOLETO FORNECEDOR', 'SISPAG FORNECEDORES', 'PAGAMENTO DE TITULO']);
  if (r < 0.5) return cut(d, `${d.pick(['PAG BOLETO ', 'SISPAG ', 'PAGTO TITULO '])}${name}`);
  if (r < 0.7) return cut(d, `${d.pick(['PIX ENVIADO - ', 'PIX ENV '])}${name}`);
  if (r < 0.8) return `TED ENVIADA ${d.pick(BANKS)} ${documentText(d, payee.document)}`;
  if (r < 0.88 && numberOf) return `PAGTO TITULO ${numberOf}`;
  return cut(d, `PAGTO BOLETO ${boletoDigits(d)}`);
}

/** Days between the due date and the payment: mostly on time, some early, some late, a few far too late. */
function paymentDelay(d: Dice, receivable: boolean): number {
  const r = d.random();
  if (r < (receivable ? 0.55 : 0.8)) return 0;
  if (r < (receivable ? 0.72 : 0.93)) return -d.int(1, 3);
  if (r < (receivable ? 0.95 : 0.99)) return d.int(1, 4);
  return d.int(6, 15);
}

/** The set as it is written: the statement's lines, the app's candidates and what each line truly pays. */
interface Draft {
  d: Dice;
  cast: Cast;
  /** The statement's first day and how many days it covers. */
  start: string;
  days: number;
  lines: BankLineForMatch[];
  candidates: MatchCandidate[];
  truth: Map<BankLineForMatch, MatchCandidate[] | null>;
  documentSeq: number;
}

const someDay = (w: Draft) => addDays(w.start, w.d.int(0, w.days - 1));
const invoice = (w: Draft) =>
  w.d.chance(0.7) ? `NF-${++w.documentSeq}` : w.d.chance(0.5) ? `${++w.documentSeq}/1` : null;

function addCandidate(
  w: Draft,
  party: Party | null,
  kind: MatchCandidate['kind'],
  date: string,
  signed: number,
  documentNumber: string | null = null,
): MatchCandidate {
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
  w.candidates.push(c);
  return c;
}

function addLine(w: Draft, date: string, signed: number, memo: string, paid: MatchCandidate[] | null) {
  const l: BankLineForMatch = { id: '', date, amount: signed, memo, fitId: null, reference: null };
  w.lines.push(l);
  w.truth.set(l, paid);
  return l;
}

export function makeLabelledSet(seed: number, lineCount: number, options: { candidates?: number } = {}): LabelledSet {
  const d = dice(seed);
  const cast = castOf(d, lineCount);
  const days = Math.max(30, Math.ceil(lineCount / 40));
  const w: Draft = {
    d,
    cast,
    start: '2026-03-02',
    days,
    lines: [],
    candidates: [],
    truth: new Map(),
    documentSeq: d.int(1000, 5000),
  };
  addMonthlyRentAndInsurance(w);
  while (w.lines.length < lineCount) {
    const r = d.random();
    const write = EVENTS.find(([upTo]) => r < upTo)?.[1] ?? addOpenItems;
    write(w);
  }
  // Open items with no line, up to the requested number of candidates.
  const wanted = options.candidates ?? Math.round(lineCount * 1.8);
  while (w.candidates.length < wanted) {
    const receivable = d.chance(0.6);
    const party = receivable ? d.pick(cast.customers) : d.pick(cast.suppliers);
    addCandidate(
      w,
      party,
      'installment',
      someDay(w),
      receivable ? d.customerAmount() : -d.amount(80, 40000),
      invoice(w),
    );
  }
  return labelled(w);
}

/** Rent, the same amount to the same landlord every month; an insurance debit under a FITID reconciled before. */
function addMonthlyRentAndInsurance(w: Draft): void {
  const { d, cast } = w;
  const months = Math.ceil(w.days / 30);
  for (let m = 0; m < months; m += 1) {
    const due = addDays(w.start, 3 + m * 30);
    const rent = addCandidate(w, cast.landlord, 'installment', due, -450000, `ALUGUEL ${m + 1}`);
    addLine(w, due, -450000, cut(d, `PIX ENVIADO - ${bankName(d, cast.landlord.name)}`), [rent]);
    const insurance = addCandidate(w, cast.utilities[5]?.party ?? null, 'movement', due, -38950);
    insurance.fitIdsSeen.push('DA-SEGURO-PORTO-0001');
    const debit = addLine(w, due, -38950, 'DEB AUTOMATICO SEGURO PORTO', [insurance]);
    debit.fitId = 'DA-SEGURO-PORTO-0001';
  }
}

/** What may happen next in the statement: each below a cumulative chance, with what writes it. */
const EVENTS: [upTo: number, write: (w: Draft) => void][] = [
  [0.36, addCustomerPayment],
  [0.52, addSupplierPayment],
  [0.56, addUtilityDebit],
  [0.59, addOneOfTwoPlanCustomers],
  [0.63, addPaymentOfSeveralBills],
  [0.65, addPartialPayment],
  [0.68, addOneOfTwoEqualInstallments],
  [0.76, addAcquirerSales],
  [0.79, addTransferBetweenOwnAccounts],
  [0.82, addBankFeeInTheApp],
  [0.94, addMoneyTheAppDoesNotKnow],
];

/** A customer pays one installment; now and then the money comes from someone else (a relative, a partner company). */
function addCustomerPayment(w: Draft): void {
  const { d, cast } = w;
  const payer = d.pick(cast.customers);
  const due = someDay(w);
  const value = d.customerAmount();
  const doc = invoice(w);
  const c = addCandidate(w, payer, 'installment', due, value, doc);
  const sender = d.chance(0.03) ? d.pick([...cast.customers, ...cast.strangers]) : payer;
  addLine(w, addDays(due, paymentDelay(d, true)), value, receiptMemo(d, sender, doc), [c]);
}

/** The company pays a supplier's bill. */
function addSupplierPayment(w: Draft): void {
  const { d, cast } = w;
  const payee = d.pick(cast.suppliers);
  const due = someDay(w);
  const value = -d.amount(80, 40000);
  const doc = invoice(w);
  const c = addCandidate(w, payee, 'installment', due, value, doc);
  addLine(w, addDays(due, paymentDelay(d, false)), value, paymentMemo(d, payee, doc), [c]);
}

/** A utility's automatic debit on the due date. */
function addUtilityDebit(w: Draft): void {
  const { d, cast } = w;
  const u = d.pick(cast.utilities.slice(0, 5));
  const due = someDay(w);
  const value = -d.amount(60, 3000);
  const c = addCandidate(w, u.party, 'installment', due, value, `${d.digits(10)}`);
  addLine(w, due, value, `DEB AUTOMATICO ${u.memo}`, [c]);
}

/** Two customers on the same plan due the same day; one pays. */
function addOneOfTwoPlanCustomers(w: Draft): void {
  const { d, cast } = w;
  const due = someDay(w);
  const value = d.pick(PLAN_PRICES);
  const [a, b] = [d.pick(cast.customers), d.pick(cast.customers)];
  const paid = addCandidate(w, a, 'installment', due, value, invoice(w));
  addCandidate(w, b, 'installment', due, value, invoice(w));
  addLine(w, addDays(due, paymentDelay(d, true)), value, receiptMemo(d, a, paid.documentNumber), [paid]);
}

/** One payment of several bills of one party: a customer's PIX or a supplier batch. */
function addPaymentOfSeveralBills(w: Draft): void {
  const { d, cast } = w;
  const receivable = d.chance(0.7);
  const party = receivable ? d.pick(cast.customers) : d.pick(cast.suppliers);
  const due = someDay(w);
  const bills = Array.from({ length: d.int(2, 4) }, () =>
    addCandidate(
      w,
      party,
      'installment',
      addDays(due, d.int(-3, 0)),
      receivable ? d.customerAmount() : -d.amount(80, 8000),
      invoice(w),
    ),
  );
  const total = bills.reduce((sum, c) => sum + c.amount, 0);
  const memo = receivable ? receiptMemo(d, party, null) : paymentMemo(d, party, null);
  addLine(w, addDays(due, receivable ? d.int(0, 2) : 0), total, memo, bills);
}

/** A partial payment of a customer's installment. */
function addPartialPayment(w: Draft): void {
  const { d, cast } = w;
  const payer = d.pick(cast.customers);
  const due = someDay(w);
  const value = d.amount(200, 6000);
  const c = addCandidate(w, payer, 'installment', due, value, invoice(w));
  const date = addDays(due, paymentDelay(d, true));
  addLine(w, date, Math.round(value * (0.2 + d.random() * 0.6)), receiptMemo(d, payer, null), [c]);
}

/** A customer with two installments of the same amount a few days apart pays one of them. */
function addOneOfTwoEqualInstallments(w: Draft): void {
  const { d, cast } = w;
  const payer = d.pick(cast.customers);
  const due = someDay(w);
  const value = d.customerAmount();
  const first = addCandidate(w, payer, 'installment', due, value, invoice(w));
  addCandidate(w, payer, 'installment', addDays(due, d.int(1, 4)), value, invoice(w));
  addLine(w, due, value, receiptMemo(d, payer, first.documentNumber), [first]);
}

/** Card acquirer: one day's sales settled as one receivable or movement, credited in batches or whole. */
function addAcquirerSales(w: Draft): void {
  const { d, cast } = w;
  const acquirer = d.pick(cast.acquirers);
  const date = someDay(w);
  const parts = d.chance(0.45) ? d.int(2, 5) : 1;
  const credits = Array.from({ length: parts }, () => d.amount(30, 4000));
  const total = credits.reduce((sum, v) => sum + v, 0);
  const c = d.chance(0.5)
    ? addCandidate(w, acquirer.party, 'movement', date, total)
    : addCandidate(w, acquirer.party, 'installment', addDays(date, -d.int(0, 1)), total, `VENDAS ${date}`);
  for (const v of credits) addLine(w, date, v, `${acquirer.memo} LOTE ${d.digits(6)}`, [c]);
}

/** A transfer between the company's own accounts, registered in the app as a movement. */
function addTransferBetweenOwnAccounts(w: Draft): void {
  const { d } = w;
  const date = someDay(w);
  const value = (d.chance(0.5) ? 1 : -1) * (d.chance(0.5) ? d.int(1, 50) * 100000 : d.amount(500, 50000));
  const c = addCandidate(w, null, 'movement', date, value);
  const memo = value > 0 ? `TED TRANSF ENTRE CONTAS ${d.digits(4)}` : `TRANSF CC ${d.digits(5)}-${d.digits(1)}`;
  addLine(w, date, value, memo, [c]);
}

/** A bank fee the team registered in the app by hand. */
function addBankFeeInTheApp(w: Draft): void {
  const { d } = w;
  const date = someDay(w);
  const value = -d.pick([1290, 4590, 6990, 2500, 990]);
  const c = addCandidate(w, null, 'movement', date, value);
  addLine(w, date, value, d.pick(['TARIFA MANUTENCAO CONTA', 'TAR PACOTE SERVICOS', 'TARIFA PIX']), [c]);
}

/** Money the app knows nothing about: fees, taxes, yields, an unregistered payer. */
function addMoneyTheAppDoesNotKnow(w: Draft): void {
  const { d, cast } = w;
  const date = someDay(w);
  const k = d.random();
  if (k < 0.3)
    addLine(
      w,
      date,
      -d.pick([1290, 4590, 6990, 2500, 990, 1500]),
      d.pick(['TARIFA MANUTENCAO CONTA', 'TAR PACOTE SERVICOS', 'TAR DOC/TED', 'TARIFA BOLETO']),
      null,
    );
  else if (k < 0.45) addLine(w, date, -d.amount(0.5, 120), 'IOF', null);
  else if (k < 0.6)
    addLine(w, date, d.amount(1, 900), d.pick(['RENDIMENTO APLICACAO', 'REND PAGO APLIC AUT', 'RESGATE CDB']), null);
  else if (k < 0.8) addLine(w, date, d.customerAmount(), receiptMemo(d, d.pick(cast.strangers), null), null);
  else if (k < 0.9) addLine(w, date, -d.amount(50, 3000), paymentMemo(d, d.pick(cast.strangers), null), null);
  else addLine(w, date, -d.int(1, 20) * 5000, d.pick(['SAQUE TERMINAL', 'SAQUE 24H', 'ESTORNO PIX']), null);
}

/** Open items that were not paid in this statement: installments and movements with no line. */
function addOpenItems(w: Draft): void {
  const { d, cast } = w;
  const party = d.chance(0.6) ? d.pick(cast.customers) : d.pick(cast.suppliers);
  const receivable = cast.customers.includes(party);
  for (let i = d.int(1, 6); i > 0; i -= 1) {
    addCandidate(
      w,
      party,
      'installment',
      someDay(w),
      receivable ? d.customerAmount() : -d.amount(80, 40000),
      invoice(w),
    );
  }
}

/** The statement in date order, the app's rows in no telling order; ids given after, so they reveal nothing. */
function labelled(w: Draft): LabelledSet {
  const shuffle = <T>(items: T[]) => {
    for (let i = items.length - 1; i > 0; i -= 1) {
      const j = Math.floor(w.d.random() * (i + 1));
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
    return items;
  };
  const statement = shuffle(w.lines).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  statement.forEach((l, i) => {
    l.id = `L${String(i + 1).padStart(6, '0')}`;
    l.fitId ??= `${l.date.replaceAll('-', '')}${String(i + 1).padStart(6, '0')}`;
  });
  shuffle(w.candidates).forEach((c, i) => (c.id = `C${String(i + 1).padStart(6, '0')}`));
  return {
    lines: statement,
    candidates: w.candidates,
    truth: new Map(statement.map((l) => [l.id, w.truth.get(l)?.map((c) => c.id) ?? null])),
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
