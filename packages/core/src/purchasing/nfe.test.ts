import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBRL } from '../money';
import { NFE_MAX_CHARS, NFE_MAX_ITEMS, NFE_XML_LIMITS } from '../upload-limits';
import {
  type Nfe,
  NFE_DIFFERENCE_CHOICES,
  compareNfeWithOrder,
  installmentsFromNfe,
  nfeAccessKeyCheckDigit,
  nfeAmountToCentavos,
  parseNfe,
} from './nfe';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/nfe/${name}`, import.meta.url), 'utf8');

const read = (xml: string): Nfe => {
  const result = parseNfe(xml);
  if (!result.ok) throw new Error(result.message);
  return result.nfe;
};
const refusal = (xml: string) => {
  const result = parseNfe(xml);
  return result.ok ? null : result.message;
};

const KEY = '35260324581367000104550010000045211839204171';
const SUPPLIER = '24581367000104';
const ORGANIZATION = '31827459000197';

describe('nfeAccessKeyCheckDigit', () => {
  it('gives the digit of the layout manual example (sum 644, remainder 6, digit 5)', () => {
    expect(nfeAccessKeyCheckDigit('5206043300991100250655012000000780026730161')).toBe(5);
  });

  it('gives 0 when the remainder is 0 or 1, and 11 − remainder otherwise', () => {
    expect(nfeAccessKeyCheckDigit('6610990695848304011980364942055526678698198')).toBe(0); // remainder 0
    expect(nfeAccessKeyCheckDigit('9264847564696062307986830784853194130083690')).toBe(0); // remainder 1
    expect(nfeAccessKeyCheckDigit('1440579500556671397628514161784185574415988')).toBe(1); // remainder 10
    expect(nfeAccessKeyCheckDigit(KEY.slice(0, 43))).toBe(1);
  });
});

describe('nfeAmountToCentavos', () => {
  it('reads the decimals of the note exactly', () => {
    expect(nfeAmountToCentavos('12000.00')).toBe(1_200_000);
    expect(nfeAmountToCentavos('1234.5')).toBe(123_450);
    expect(nfeAmountToCentavos('0.10')).toBe(10);
    expect(nfeAmountToCentavos('0.29')).toBe(29);
    expect(nfeAmountToCentavos('1.15')).toBe(115);
    expect(nfeAmountToCentavos('7')).toBe(700);
    expect(nfeAmountToCentavos('0')).toBe(0);
    expect(nfeAmountToCentavos('9999999999999.99')).toBe(999_999_999_999_999);
  });

  it('rounds half up beyond the second decimal', () => {
    expect(nfeAmountToCentavos('33.3333333333')).toBe(3333);
    expect(nfeAmountToCentavos('0.1250000000')).toBe(13);
    expect(nfeAmountToCentavos('2.6749999999')).toBe(267);
    expect(nfeAmountToCentavos('0.995')).toBe(100);
    expect(nfeAmountToCentavos('0.0049999999')).toBe(0);
  });

  it('refuses what is not a plain decimal', () => {
    for (const text of ['', '-1.00', '1,50', '1.', '.5', '1e3', ' 1.00', 'R$ 1,00', '99999999999999999.00']) {
      expect(nfeAmountToCentavos(text), text).toBeNull();
    }
  });
});

describe('parseNfe', () => {
  it('reads a distributed note with three duplicatas', () => {
    expect(parseNfe(fixture('three-duplicatas.xml'))).toEqual({
      ok: true,
      nfe: {
        accessKey: KEY,
        model: '55',
        series: '1',
        number: '4521',
        issuedAt: '2026-03-10T09:15:00-03:00',
        issueDate: '2026-03-10',
        issuer: { document: SUPPLIER, name: 'Metalúrgica Serra Azul Ltda', tradeName: 'Serra Azul Metais' },
        recipient: { document: ORGANIZATION, name: 'Comercial Horizonte Ltda' },
        total: 1_200_000,
        items: [
          {
            code: 'MT-1020',
            description: 'Chapa de aço galvanizado 2 mm',
            quantity: '20.0000',
            unit: 'UN',
            unitPrice: 30_000,
            total: 600_000,
          },
          {
            code: 'MT-2210',
            description: 'Cantoneira de aço 1 1/2 pol. x 6 m',
            quantity: '40.0000',
            unit: 'BR',
            unitPrice: 7_500,
            total: 300_000,
          },
          {
            code: 'MT-3005',
            description: 'Parafuso sextavado zincado M10 (cento)',
            quantity: '30.0000',
            unit: 'CT',
            unitPrice: 10_000,
            total: 300_000,
          },
        ],
        duplicates: [
          { number: '001', dueDate: '2026-04-09', amount: 400_000 },
          { number: '002', dueDate: '2026-05-09', amount: 400_000 },
          { number: '003', dueDate: '2026-06-08', amount: 400_000 },
        ],
        authorized: true,
      },
    });
  });

  it('reads a note without cobr, with no trade name, dated by its São Paulo day even late at night', () => {
    const nfe = read(fixture('without-cobr.xml'));
    expect(nfe).toMatchObject({
      accessKey: '35260252714086000118550020000983121102938475',
      series: '2',
      number: '98312',
      issuedAt: '2026-02-03T23:30:00-03:00',
      issueDate: '2026-02-03',
      issuer: { document: '52714086000118', name: 'Papelaria Ponto Certo Ltda', tradeName: null },
      total: 123_450,
      duplicates: [],
    });
    expect(nfe.items.map((item) => [item.unitPrice, item.total])).toEqual([
      [21_990, 109_950],
      [4_500, 13_500],
    ]);
  });

  it('reads prefixed namespaces, a BOM, entities and CDATA as text', () => {
    const nfe = read(fixture('prefixed-namespace.xml'));
    expect(nfe.accessKey).toBe('41260446301928000107550010000003051771044553');
    expect(nfe.issuer).toEqual({
      document: '46301928000107',
      name: 'Lúmen & Cia. Materiais Elétricos Ltda',
      tradeName: 'Lúmen Elétrica',
    });
    expect(nfe.items[0]?.description).toBe('Cabo flexível 2,5 mm² "preto" <rolo 100 m>');
    expect(nfe.total).toBe(154_000);
    expect(nfe.duplicates.map((d) => d.amount)).toEqual([77_000, 77_000]);
    expect(nfe.authorized).toBe(true);
  });

  it('rounds unit prices with ten decimals half up to centavos', () => {
    const nfe = read(fixture('unit-price-ten-decimals.xml'));
    expect(nfe.items.map(({ quantity, unitPrice, total }) => ({ quantity, unitPrice, total }))).toEqual([
      { quantity: '3.0000', unitPrice: 3_333, total: 10_000 },
      { quantity: '8.0000', unitPrice: 13, total: 100 },
      { quantity: '4.0000', unitPrice: 267, total: 1_070 },
    ]);
    expect(nfe.total).toBe(11_170);
  });

  it('reads a bare NFe without protocol as not authorized', () => {
    const xml = fixture('three-duplicatas.xml');
    const bare = xml.slice(xml.indexOf('<NFe>'), xml.indexOf('</NFe>') + '</NFe>'.length);
    const nfe = read(bare.replace('<NFe>', '<NFe xmlns="http://www.portalfiscal.inf.br/nfe">'));
    expect(nfe.accessKey).toBe(KEY);
    expect(nfe.authorized).toBe(false);
  });

  it('tells authorized notes by the protocol status 100 or 150', () => {
    const xml = fixture('three-duplicatas.xml');
    expect(read(xml.replace('<cStat>100</cStat>', '<cStat>150</cStat>')).authorized).toBe(true);
    expect(read(xml.replace('<cStat>100</cStat>', '<cStat>110</cStat>')).authorized).toBe(false);
  });

  it('accepts an NFC-e (model 65) whose key says 65', () => {
    const key43 = KEY.slice(0, 20) + '65' + KEY.slice(22, 43);
    const key = key43 + String(nfeAccessKeyCheckDigit(key43));
    const xml = fixture('three-duplicatas.xml').replaceAll(KEY, key).replace('<mod>55</mod>', '<mod>65</mod>');
    expect(read(xml)).toMatchObject({ accessKey: key, model: '65' });
  });

  it('refuses a key with a wrong check digit, naming the key', () => {
    expect(refusal(fixture('wrong-check-digit.xml'))).toBe(
      'A chave de acesso 35260324581367000104550010000045211839204172 tem o dígito verificador errado.',
    );
  });

  it('refuses a layout other than 4.00, naming it', () => {
    expect(refusal(fixture('version-3.10.xml'))).toBe('A NF-e está no leiaute 3.10; só o leiaute 4.00 é aceito.');
  });

  it('refuses a protocol whose key is not the note’s', () => {
    expect(refusal(fixture('protocol-key-differs.xml'))).toBe(
      `A chave do protocolo de autorização (35260324581367000104550010000045211839204180) é diferente da chave da nota (${KEY}).`,
    );
  });

  it('refuses a key that disagrees with the body, naming what disagrees', () => {
    const xml = fixture('three-duplicatas.xml');
    expect(refusal(xml.replace('<nNF>4521</nNF>', '<nNF>4522</nNF>'))).toBe(
      `A chave de acesso ${KEY} não confere com a nota: o número na chave é 000004521 e na nota é 000004522.`,
    );
    expect(refusal(xml.replace('<serie>1</serie>', '<serie>3</serie>'))).toContain(
      'a série na chave é 001 e na nota é 003',
    );
    expect(refusal(xml.replace('<mod>55</mod>', '<mod>65</mod>'))).toContain('o modelo na chave é 55 e na nota é 65');
    expect(refusal(xml.replace(`<CNPJ>${SUPPLIER}</CNPJ>`, '<CNPJ>52714086000118</CNPJ>'))).toContain(
      `o CNPJ do emitente na chave é ${SUPPLIER} e na nota é 52714086000118`,
    );
  });

  it('refuses what is not an NF-e with a message a finance user understands', () => {
    expect(refusal('')).toBe('O arquivo está vazio.');
    expect(refusal('  \n')).toBe('O arquivo está vazio.');
    expect(refusal('%PDF-1.7 não é XML')).toBe('O arquivo não é um XML válido (erro na linha 1).');
    expect(refusal('<?xml version="1.0"?>\n<nfeProc><NFe></nfeProc>')).toMatch(/^O arquivo não é um XML válido/);
    expect(refusal('<?xml version="1.0"?><cteProc><CTe/></cteProc>')).toBe(
      'O arquivo não é uma NF-e: falta o elemento infNFe.',
    );
    expect(refusal(fixture('three-duplicatas.xml').replace('<mod>55</mod>', '<mod>57</mod>'))).toBe(
      'O modelo 57 não é de NF-e (55) nem de NFC-e (65).',
    );
    expect(refusal(fixture('three-duplicatas.xml').replace(/<vNF>[^<]*<\/vNF>/, '<vNF>12.000,00</vNF>'))).toBe(
      'O valor "12.000,00" em total/ICMSTot/vNF (o valor total) não é um número válido.',
    );
    expect(
      refusal(fixture('three-duplicatas.xml').replace('<dVenc>2026-04-09</dVenc>', '<dVenc>2026-02-30</dVenc>')),
    ).toBe('A data "2026-02-30" em cobr/dup/dVenc não é uma data válida.');
  });

  it('refuses a note with more items than the layout numbers, and one of 10,000 before parsing it', () => {
    const note = fixture('three-duplicatas.xml');
    const det = /<det nItem="1">[\s\S]*?<\/det>\s*/.exec(note)?.[0] ?? '';
    const withItems = (n: number) => note.replace(/<det [\s\S]*<\/det>\s*/, det.repeat(n));
    expect(refusal(withItems(NFE_MAX_ITEMS))).toBeNull();
    expect(refusal(withItems(NFE_MAX_ITEMS + 1))).toBe('A NF-e tem 991 itens, e uma NF-e tem no máximo 990.');
    expect(refusal(withItems(10_000))).toBe('O arquivo é grande demais para ser uma NF-e.');
  });

  it('refuses, before parsing it, a note with more elements, attributes or levels than any real one has', () => {
    const { elements, attributes, depth } = NFE_XML_LIMITS;
    expect(refusal(`<NFe>${'<a/>'.repeat(elements + 1)}</NFe>`)).toBe(
      'O XML passa de 60.000 elementos, o limite para uma NF-e.',
    );
    expect(refusal(`<NFe><a ${Array.from({ length: attributes + 1 }, (_, i) => `b${i}="1"`).join(' ')}/></NFe>`)).toBe(
      'O XML passa de 5.000 atributos, o limite para uma NF-e.',
    );
    expect(refusal(`${'<a>'.repeat(depth + 1)}${'</a>'.repeat(depth + 1)}`)).toBe(
      'O XML passa de 40 níveis de elementos, o limite para uma NF-e.',
    );
    // Comments and CDATA are stepped over: what they hold is no element.
    const note = fixture('three-duplicatas.xml');
    expect(refusal(note.replace('</NFe>', `<!--${'<a/>'.repeat(elements + 1)}--></NFe>`))).toBeNull();
  });

  it('refuses a file far larger than a note', () => {
    expect(refusal(`<NFe>${' '.repeat(NFE_MAX_CHARS)}</NFe>`)).toBe('O arquivo é grande demais para ser uma NF-e.');
  });

  it('refuses names a parser could mistake for object properties', () => {
    expect(refusal('<NFe><infNFe><__proto__/></infNFe></NFe>')).toBe('O arquivo não é um XML que possa ser lido.');
  });

  it('never expands entities a document declares', () => {
    const xxe = fixture('three-duplicatas.xml').replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0"?><!DOCTYPE nfeProc [<!ENTITY segredo SYSTEM "file:///etc/passwd">]>',
    );
    expect(refusal(xxe.replace('Comercial Horizonte Ltda', '&segredo;'))).toBe(
      'O arquivo declara um DOCTYPE, que uma NF-e não tem: ele não foi lido.',
    );
  });

  it('never throws, whatever the text', () => {
    const xml = fixture('three-duplicatas.xml');
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.constantFrom('<', '<?xml', '<NFe>', '<a><__proto__/></a>', '<NFe><constructor/></NFe>', '&#0;', '<![CDATA['),
      // Slices of a real note, with a random run of characters spliced in.
      fc
        .tuple(fc.nat(xml.length), fc.nat(xml.length), fc.string({ maxLength: 20 }))
        .map(([a, b, junk]) => xml.slice(0, Math.min(a, b)) + junk + xml.slice(Math.max(a, b))),
    );
    fc.assert(
      fc.property(text, (input) => {
        const result = parseNfe(input);
        expect(result.ok || result.message.length > 0).toBe(true);
      }),
      { numRuns: 600 },
    );
  });
});

describe('installmentsFromNfe', () => {
  it('proposes the duplicatas by due date', () => {
    const xml = fixture('three-duplicatas.xml').replace('<dVenc>2026-04-09</dVenc>', '<dVenc>2026-07-08</dVenc>');
    expect(installmentsFromNfe(read(xml))).toEqual({
      installments: [
        { dueDate: '2026-05-09', amount: 400_000 },
        { dueDate: '2026-06-08', amount: 400_000 },
        { dueDate: '2026-07-08', amount: 400_000 },
      ],
      grossAmount: 1_200_000,
      difference: 0,
      duplicatesProblem: null,
    });
  });

  it('proposes one installment of the total on the issue day when there are no duplicatas', () => {
    expect(installmentsFromNfe(read(fixture('without-cobr.xml')))).toEqual({
      installments: [{ dueDate: '2026-02-03', amount: 123_450 }],
      grossAmount: 123_450,
      difference: 0,
      duplicatesProblem: null,
    });
  });

  // The note of R$ 12.000,00 whose first duplicata (R$ 4.000,00, due 2026-04-09) is left out: R$ 8.000,00 in two.
  const short = read(fixture('three-duplicatas.xml').replace(/<dup>\s*<nDup>001<\/nDup>[\s\S]*?<\/dup>\s*/, ''));
  const two = [
    { dueDate: '2026-05-09', amount: 400_000 },
    { dueDate: '2026-06-08', amount: 400_000 },
  ];

  it('asks what the difference is when the duplicatas do not add up to the total, and still proposes them', () => {
    expect(installmentsFromNfe(short)).toEqual({
      installments: two,
      grossAmount: 1_200_000,
      difference: 400_000,
      duplicatesProblem: `As duplicatas somam ${formatBRL(800_000)}, e o total da nota é ${formatBRL(1_200_000)}: diga como tratar a diferença de ${formatBRL(400_000)}.`,
    });
  });

  it('books the difference as paid at sight on the issue date, as a discount, or on the last installment', () => {
    expect(installmentsFromNfe(short, 'sight')).toMatchObject({
      installments: [{ dueDate: short.issueDate, amount: 400_000 }, ...two],
      grossAmount: 1_200_000,
      duplicatesProblem: null,
    });
    expect(installmentsFromNfe(short, 'discount')).toMatchObject({
      installments: two,
      grossAmount: 800_000,
      duplicatesProblem: null,
    });
    expect(installmentsFromNfe(short, 'adjustLast')).toMatchObject({
      installments: [two[0], { dueDate: '2026-06-08', amount: 800_000 }],
      grossAmount: 1_200_000,
      duplicatesProblem: null,
    });
  });

  it('lets only the last installment absorb duplicatas above the total, and never down to nothing', () => {
    const over = { ...short, total: 700_000 };
    expect(installmentsFromNfe(over, 'adjustLast').installments).toEqual([two[0], { ...two[1], amount: 300_000 }]);
    for (const choice of ['sight', 'discount'] as const) {
      expect(installmentsFromNfe(over, choice).duplicatesProblem).toBe(
        `As duplicatas passam do total da nota em ${formatBRL(100_000)}: só a última parcela pode absorver a diferença.`,
      );
    }
    expect(installmentsFromNfe({ ...short, total: 400_000 }, 'adjustLast').duplicatesProblem).toBe(
      'A última parcela ficaria sem valor: escolha outra forma de tratar a diferença.',
    );
  });

  it('keeps every installment positive and adding up to the payable, whatever the duplicatas and the choice', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.constantFrom(...NFE_DIFFERENCE_CHOICES),
        (amounts, total, choice) => {
          const nfe = {
            ...short,
            total,
            duplicates: amounts.map((amount, i) => ({ number: null, dueDate: `2026-05-${String(i + 10)}`, amount })),
          };
          const result = installmentsFromNfe(nfe, choice);
          if (result.duplicatesProblem) return;
          expect(result.installments.every((i) => i.amount > 0)).toBe(true);
          expect(result.installments.reduce((sum, i) => sum + i.amount, 0)).toBe(result.grossAmount);
        },
      ),
    );
  });
});

describe('compareNfeWithOrder', () => {
  const nfe = read(fixture('three-duplicatas.xml'));

  it('finds nothing when the note matches the order', () => {
    expect(
      compareNfeWithOrder(nfe, {
        total: 1_200_000,
        supplierDocument: SUPPLIER,
        organizationDocument: '31.827.459/0001-97',
      }),
    ).toEqual([]);
    expect(
      compareNfeWithOrder(nfe, {
        total: 1_200_000,
        supplierDocument: SUPPLIER,
        organizationDocument: '31827459000278',
      }),
      'a branch of the organization',
    ).toEqual([]);
    expect(compareNfeWithOrder(nfe, { total: 1_200_000, supplierDocument: null, organizationDocument: null })).toEqual(
      [],
    );
  });

  it('names each disagreement in pt-BR with masked documents', () => {
    expect(
      compareNfeWithOrder(nfe, {
        total: 1_150_000,
        supplierDocument: '52714086000118',
        organizationDocument: '46301928000107',
      }),
    ).toEqual([
      `O total da NF-e (${formatBRL(1_200_000)}) é diferente do total do pedido (${formatBRL(1_150_000)}).`,
      'A NF-e foi emitida pelo CNPJ 24.581.367/0001-04, que não é o do fornecedor do pedido (CNPJ 52.714.086/0001-18).',
      'A NF-e foi emitida para o CNPJ 31.827.459/0001-97, que não é o desta organização.',
    ]);
  });
});
