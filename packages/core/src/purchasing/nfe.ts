/**
 * The supplier's NF-e (nota fiscal eletrônica, layout 4.00) as a finance user brings it: the distributed file
 * (`<nfeProc>` with the note and its authorization protocol) or the bare `<NFe>`. The reader checks what makes the
 * file trustworthy to pay from — the access key's check digit, the key against the note's body and its protocol —
 * and reads the parties, the total, the items and the duplicatas in centavos. It never throws: a file it cannot
 * use gets a pt-BR message saying why.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { NFE_MAX_CHARS, NFE_MAX_ITEMS, NFE_XML_LIMITS } from '../upload-limits';
import { formatDocument, isCnpj, isCpf, normalizeCnpj } from '../brazil';
import { todayInSaoPaulo } from '../dates';
import { parseDateText } from '../masks';
import { type Centavos, formatBRL } from '../money';

export interface NfeParty {
  /** CNPJ (14) or CPF (11) digits. */
  document: string;
  name: string;
}

export interface NfeItem {
  code: string;
  description: string;
  /** The quantity as written in the note ("10.0000"), kept exact. */
  quantity: string;
  unit: string;
  unitPrice: Centavos;
  total: Centavos;
}

export interface NfeDuplicate {
  /** The duplicata's number ("001"); null when the issuer left it out. */
  number: string | null;
  dueDate: string;
  amount: Centavos;
}

export interface Nfe {
  /** The 44 digits of the chave de acesso. */
  accessKey: string;
  /** 55 NF-e, 65 NFC-e. */
  model: '55' | '65';
  series: string;
  number: string;
  /** The issue moment as written in the note, with its offset ("2026-03-10T09:15:00-03:00"). */
  issuedAt: string;
  /** The issue day (YYYY-MM-DD) in São Paulo. */
  issueDate: string;
  issuer: NfeParty & { tradeName: string | null };
  recipient: NfeParty;
  total: Centavos;
  items: NfeItem[];
  duplicates: NfeDuplicate[];
  /** The protocol says the note was authorized (cStat 100, or 150 when authorized late). */
  authorized: boolean;
}

export type NfeResult = { ok: true; nfe: Nfe } | { ok: false; message: string };

/**
 * The check digit of an access key from its first 43 digits: weights 2 to 9 from the right, repeating; the sum's
 * remainder by 11 gives 11 − remainder, or 0 when the remainder is 0 or 1.
 */
export function nfeAccessKeyCheckDigit(first43: string): number {
  let sum = 0;
  for (let i = first43.length - 1, weight = 2; i >= 0; i -= 1, weight = weight === 9 ? 2 : weight + 1) {
    sum += Number(first43[i]) * weight;
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/**
 * A decimal of the note ("12000.00", "1234.5", "0.1234567890") as centavos, rounded half up beyond the second
 * decimal, read from the digits (never through a floating-point product). Null when it is not such a number.
 */
export function nfeAmountToCentavos(text: string): Centavos | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match?.[1]) return null;
  const fraction = match[2] ?? '';
  const roundUp = Number(fraction[2] ?? '0') >= 5 ? 1 : 0;
  const value = Number(match[1]) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0')) + roundUp;
  return Number.isSafeInteger(value) ? value : null;
}

/** Why a file was refused; only `parseNfe` raises it, and turns it into its answer. */
class NfeRefusal extends Error {}

function refuse(message: string): never {
  throw new NfeRefusal(message);
}

type XmlElement = Record<string, unknown>;

const isElement = (value: unknown): value is XmlElement =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function element(parent: XmlElement | null, name: string): XmlElement | null {
  const value = parent && Object.hasOwn(parent, name) ? parent[name] : null;
  return isElement(value) ? value : null;
}

function elements(parent: XmlElement | null, name: string): XmlElement[] {
  const value = parent && Object.hasOwn(parent, name) ? parent[name] : null;
  return Array.isArray(value) ? value.filter(isElement) : [];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The five XML entities and character references; nothing else is expanded. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,4});/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name] ?? whole;
  });
}

/** A value as text: an element's text with entities decoded, its CDATA as written; null when absent or blank. */
function textOf(value: unknown): string | null {
  if (typeof value === 'string') {
    const text = decodeEntities(value).trim();
    return text === '' ? null : text;
  }
  if (!isElement(value)) return null;
  const cdata = [value['#cdata']].flat().filter((part) => typeof part === 'string');
  const text = [textOf(value['#text']) ?? '', ...cdata].join('').trim();
  return text === '' ? null : text;
}

/** The text of the element at `path` under `parent` ("ICMSTot/vNF"), or an attribute ("@_Id"). */
function read(parent: XmlElement | null, path: string): string | null {
  const names = path.split('/');
  const last = names.pop() ?? '';
  const holder = names.reduce<XmlElement | null>((node, name) => element(node, name), parent);
  return holder && Object.hasOwn(holder, last) ? textOf(holder[last]) : null;
}

function required(parent: XmlElement | null, path: string, what: string, where: string): string {
  return read(parent, path) ?? refuse(`A NF-e não informa ${what} (${where}/${path}).`);
}

function amount(parent: XmlElement | null, path: string, what: string, where: string): Centavos {
  const text = required(parent, path, what, where);
  return nfeAmountToCentavos(text) ?? refuse(`O valor "${text}" em ${where}/${path} (${what}) não é um número válido.`);
}

function calendarDate(text: string, where: string): string {
  return parseDateText(text) === text ? text : refuse(`A data "${text}" em ${where} não é uma data válida.`);
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  cdataPropName: '#cdata',
  isArray: (name) => name === 'det' || name === 'dup',
});

const thousands = (n: number) => n.toLocaleString('pt-BR');

/**
 * Counts the elements, attributes and nesting of the XML in one pass over its text, before any parser builds it, and
 * refuses it at the first limit of NFE_XML_LIMITS it passes. Comments and CDATA sections are stepped over; a '>' or
 * '=' inside an attribute's value may count once too often, which the limits' room absorbs.
 */
function refuseBeyondShape(text: string): void {
  const { elements: maxElements, attributes: maxAttributes, depth: maxDepth } = NFE_XML_LIMITS;
  let elements = 0;
  let attributes = 0;
  let depth = 0;
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', at + 1)) {
    if (text.startsWith('<!--', at)) {
      at = text.indexOf('-->', at);
    } else if (text.startsWith('<![CDATA[', at)) {
      at = text.indexOf(']]>', at);
    } else if (text[at + 1] === '/') {
      depth -= 1;
    } else if (text[at + 1] !== '?' && text[at + 1] !== '!') {
      const end = text.indexOf('>', at);
      if (end === -1) return;
      elements += 1;
      if (text[end - 1] !== '/') depth += 1;
      for (let eq = text.indexOf('=', at); eq !== -1 && eq < end; eq = text.indexOf('=', eq + 1)) attributes += 1;
      if (elements > maxElements) refuse(`O XML passa de ${thousands(maxElements)} elementos, o limite para uma NF-e.`);
      if (attributes > maxAttributes)
        refuse(`O XML passa de ${thousands(maxAttributes)} atributos, o limite para uma NF-e.`);
      if (depth > maxDepth) refuse(`O XML passa de ${maxDepth} níveis de elementos, o limite para uma NF-e.`);
      at = end;
    }
    if (at === -1) return;
  }
}

/** The document's root element, parsed; refuses what is not well-formed XML or declares a DTD. */
function parseXml(xml: string): XmlElement {
  const text = xml.replace(/^\uFEFF/, '').trimStart();
  if (text === '') refuse('O arquivo está vazio.');
  if (text.length > NFE_MAX_CHARS) refuse('O arquivo é grande demais para ser uma NF-e.');
  // A DTD is the only place entities can be declared; an NF-e has none, so no entity is ever expanded.
  if (/<!DOCTYPE/i.test(text)) refuse('O arquivo declara um DOCTYPE, que uma NF-e não tem: ele não foi lido.');
  refuseBeyondShape(text);
  const valid = XMLValidator.validate(text);
  if (valid !== true) refuse(`O arquivo não é um XML válido (erro na linha ${valid.err.line}).`);
  let parsed: unknown;
  try {
    parsed = parser.parse(text);
  } catch {
    // The parser refuses element names such as __proto__ by throwing.
    refuse('O arquivo não é um XML que possa ser lido.');
  }
  return isElement(parsed) ? parsed : refuse('O arquivo não é um XML que possa ser lido.');
}

const KEY_PARTS = [
  { name: 'o CNPJ do emitente', from: 6, to: 20 },
  { name: 'o modelo', from: 20, to: 22 },
  { name: 'a série', from: 22, to: 25 },
  { name: 'o número', from: 25, to: 34 },
] as const;

function readAccessKey(infNFe: XmlElement, protocol: XmlElement | null): string {
  const id = read(infNFe, '@_Id') ?? refuse('A NF-e não informa a chave de acesso (atributo Id de infNFe).');
  const key = id.replace(/^NFe/, '');
  if (!/^\d{44}$/.test(key)) refuse(`A chave de acesso "${key}" não tem 44 dígitos.`);
  if (nfeAccessKeyCheckDigit(key.slice(0, 43)) !== Number(key[43])) {
    refuse(`A chave de acesso ${key} tem o dígito verificador errado.`);
  }
  const protocolKey = read(protocol, 'chNFe');
  if (protocolKey !== null && protocolKey !== key) {
    refuse(`A chave do protocolo de autorização (${protocolKey}) é diferente da chave da nota (${key}).`);
  }
  return key;
}

function readParty(parent: XmlElement, name: 'emit' | 'dest', who: string): NfeParty {
  const party = element(parent, name) ?? refuse(`A NF-e não tem ${who} (elemento ${name}).`);
  const cnpj = read(party, 'CNPJ');
  const cpf = read(party, 'CPF');
  const document =
    cnpj !== null ? normalizeCnpj(cnpj) : (cpf ?? refuse(`A NF-e não informa o CNPJ nem o CPF do ${who} (${name}).`));
  if (cnpj !== null ? !isCnpj(document) : !isCpf(document)) {
    refuse(`O ${cnpj !== null ? 'CNPJ' : 'CPF'} do ${who} (${document}) é inválido.`);
  }
  return { document, name: required(party, 'xNome', `o nome do ${who}`, name) };
}

function readNfe(root: XmlElement): Nfe {
  const proc = element(root, 'nfeProc');
  const infNFe =
    element(element(proc ?? root, 'NFe'), 'infNFe') ?? refuse('O arquivo não é uma NF-e: falta o elemento infNFe.');
  const version = read(infNFe, '@_versao');
  if (version !== '4.00') {
    refuse(
      version === null
        ? 'A NF-e não informa a versão do leiaute; só o leiaute 4.00 é aceito.'
        : `A NF-e está no leiaute ${version}; só o leiaute 4.00 é aceito.`,
    );
  }
  const protocol = element(element(proc, 'protNFe'), 'infProt');
  const accessKey = readAccessKey(infNFe, protocol);

  const ide = element(infNFe, 'ide');
  const model = required(ide, 'mod', 'o modelo', 'ide');
  if (model !== '55' && model !== '65') refuse(`O modelo ${model} não é de NF-e (55) nem de NFC-e (65).`);
  const series = required(ide, 'serie', 'a série', 'ide');
  const number = required(ide, 'nNF', 'o número', 'ide');
  if (!/^\d{1,3}$/.test(series)) refuse(`A série "${series}" não é um número de até 3 dígitos.`);
  if (!/^\d{1,9}$/.test(number)) refuse(`O número "${number}" não é um número de até 9 dígitos.`);
  const issuedAt = required(ide, 'dhEmi', 'a data de emissão', 'ide');
  const issued = new Date(issuedAt);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:[+-]\d{2}:\d{2}|Z)$/.test(issuedAt) || Number.isNaN(issued.getTime())) {
    refuse(`A data de emissão "${issuedAt}" (ide/dhEmi) não é uma data e hora válida.`);
  }

  const issuer = readParty(infNFe, 'emit', 'emitente');
  const body = [issuer.document.padStart(14, '0'), model, series.padStart(3, '0'), number.padStart(9, '0')];
  const disagree = KEY_PARTS.flatMap((part, i) => {
    const inKey = accessKey.slice(part.from, part.to);
    return inKey === body[i] ? [] : [`${part.name} na chave é ${inKey} e na nota é ${body[i]}`];
  });
  if (disagree.length > 0) refuse(`A chave de acesso ${accessKey} não confere com a nota: ${disagree.join('; ')}.`);

  const items = elements(infNFe, 'det').map((det, i): NfeItem => {
    const prod = element(det, 'prod');
    const where = `item ${i + 1}, prod`;
    return {
      code: required(prod, 'cProd', 'o código do produto', where),
      description: required(prod, 'xProd', 'a descrição do produto', where),
      quantity: required(prod, 'qCom', 'a quantidade', where),
      unit: required(prod, 'uCom', 'a unidade', where),
      unitPrice: amount(prod, 'vUnCom', 'o valor unitário', where),
      total: amount(prod, 'vProd', 'o valor do produto', where),
    };
  });
  if (items.length === 0) refuse('A NF-e não tem itens (det).');
  if (items.length > NFE_MAX_ITEMS) {
    refuse(`A NF-e tem ${items.length.toLocaleString('pt-BR')} itens, e uma NF-e tem no máximo ${NFE_MAX_ITEMS}.`);
  }

  const duplicates = elements(element(infNFe, 'cobr'), 'dup').map((dup, i): NfeDuplicate => ({
    number: read(dup, 'nDup'),
    dueDate: calendarDate(required(dup, 'dVenc', 'o vencimento', `duplicata ${i + 1}`), 'cobr/dup/dVenc'),
    amount: amount(dup, 'vDup', 'o valor', `duplicata ${i + 1}`),
  }));

  return {
    accessKey,
    model,
    series,
    number,
    issuedAt,
    issueDate: todayInSaoPaulo(issued),
    issuer: { ...issuer, tradeName: read(element(infNFe, 'emit'), 'xFant') },
    recipient: readParty(infNFe, 'dest', 'destinatário'),
    total: amount(element(infNFe, 'total'), 'ICMSTot/vNF', 'o valor total', 'total'),
    items,
    duplicates,
    authorized: ['100', '150'].includes(read(protocol, 'cStat') ?? ''),
  };
}

/** Reads an NF-e 4.00 XML: the note, or a pt-BR message saying why the file cannot be used. */
export function parseNfe(xml: string): NfeResult {
  try {
    return { ok: true, nfe: readNfe(parseXml(xml)) };
  } catch (error) {
    if (error instanceof NfeRefusal) return { ok: false, message: error.message };
    throw error;
  }
}

/**
 * What to do when a note's duplicatas do not add up to its total: the difference was paid at sight on the issue
 * date (a down payment: one more installment on that day), it is a discount (the payable is the duplicatas' sum), or
 * the last duplicata takes it (up or down).
 */
export const NFE_DIFFERENCE_CHOICES = ['sight', 'discount', 'adjustLast'] as const;
export type NfeDifferenceChoice = (typeof NFE_DIFFERENCE_CHOICES)[number];

export const NFE_DIFFERENCE_LABELS: Record<NfeDifferenceChoice, string> = {
  sight: 'Pago à vista na emissão (uma parcela a mais na data da nota)',
  discount: 'Desconto (a conta fica com a soma das duplicatas)',
  adjustLast: 'Ajustar a última parcela',
};

export interface NfeInstallments {
  installments: { dueDate: string; amount: Centavos }[];
  /** What the payable is worth: the note's total, or the duplicatas' sum when the difference is a discount. */
  grossAmount: Centavos;
  /** The note's total less the duplicatas' sum (negative when they add up to more); 0 when there are none. */
  difference: Centavos;
  /** Set when the difference needs a choice, or the choice cannot apply: the note cannot be booked as it is. */
  duplicatesProblem: string | null;
}

/** Why a choice cannot apply to a difference, or null when it can. */
function choiceProblem(choice: NfeDifferenceChoice, difference: Centavos, last: Centavos): string | null {
  if (choice === 'adjustLast') {
    return last + difference > 0
      ? null
      : 'A última parcela ficaria sem valor: escolha outra forma de tratar a diferença.';
  }
  if (difference > 0) return null;
  return `As duplicatas passam do total da nota em ${formatBRL(-difference)}: só a última parcela pode absorver a diferença.`;
}

/**
 * The payable's installments the note proposes: its duplicatas by due date, or the whole total on the issue day.
 * When the duplicatas differ from the total, `choice` says what the difference is; without one, the problem asks.
 */
export function installmentsFromNfe(nfe: Nfe, choice: NfeDifferenceChoice | null = null): NfeInstallments {
  if (nfe.duplicates.length === 0) {
    return {
      installments: [{ dueDate: nfe.issueDate, amount: nfe.total }],
      grossAmount: nfe.total,
      difference: 0,
      duplicatesProblem: null,
    };
  }
  const installments = nfe.duplicates
    .map(({ dueDate, amount }) => ({ dueDate, amount }))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  const sum = installments.reduce((total, installment) => total + installment.amount, 0);
  const difference = nfe.total - sum;
  const as = { installments, grossAmount: nfe.total, difference, duplicatesProblem: null };
  if (difference === 0) return as;
  const last = installments[installments.length - 1] as { dueDate: string; amount: Centavos };
  const problem = choice
    ? choiceProblem(choice, difference, last.amount)
    : `As duplicatas somam ${formatBRL(sum)}, e o total da nota é ${formatBRL(nfe.total)}: diga como tratar a diferença de ${formatBRL(Math.abs(difference))}.`;
  if (problem || !choice) return { ...as, duplicatesProblem: problem };
  if (choice === 'discount') return { ...as, grossAmount: sum };
  if (choice === 'sight') {
    return { ...as, installments: [{ dueDate: nfe.issueDate, amount: difference }, ...installments] };
  }
  return { ...as, installments: [...installments.slice(0, -1), { ...last, amount: last.amount + difference }] };
}

export interface NfeOrderFacts {
  total: Centavos;
  supplierDocument: string | null;
  /** The organization's CNPJ: a note addressed to one of its branches (same root) is the organization's too. */
  organizationDocument: string | null;
}

const documentLabel = (document: string) => `${document.length === 11 ? 'CPF' : 'CNPJ'} ${formatDocument(document)}`;

/** A CNPJ's first 8 characters name the company, whichever of its branches; a CPF stays whole. */
const cnpjRoot = (document: string) => (document.length === 14 ? document.slice(0, 8) : document);

/** What in the note disagrees with the purchase order it concludes, in pt-BR; empty when they agree. */
export function compareNfeWithOrder(nfe: Nfe, order: NfeOrderFacts): string[] {
  const problems: string[] = [];
  if (nfe.total !== order.total) {
    problems.push(
      `O total da NF-e (${formatBRL(nfe.total)}) é diferente do total do pedido (${formatBRL(order.total)}).`,
    );
  }
  const supplier = order.supplierDocument === null ? null : normalizeCnpj(order.supplierDocument);
  if (supplier !== null && supplier !== nfe.issuer.document) {
    problems.push(
      `A NF-e foi emitida pelo ${documentLabel(nfe.issuer.document)}, que não é o do fornecedor do pedido (${documentLabel(supplier)}).`,
    );
  }
  const organization = order.organizationDocument === null ? null : normalizeCnpj(order.organizationDocument);
  if (organization !== null && cnpjRoot(organization) !== cnpjRoot(nfe.recipient.document)) {
    problems.push(`A NF-e foi emitida para o ${documentLabel(nfe.recipient.document)}, que não é o desta organização.`);
  }
  return problems;
}
