import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { PartyInput } from '@financeiro/core';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { cnpjNumber } from '../../test/documents';
import { ledgerDocuments } from '../ledger/schema';
import { classifications, parties } from './schema';

const FOREIGN = 'Rateio padrão não encontrado nesta organização.';

describe('default apportionment templates of parties and classifications', () => {
  let d: DemoApp;
  const ids = { template: '', foreignTemplate: '', rent: '', admin: '', sales: '', supplier: '' };
  const supplier = (document: string, name: string, apportionmentTemplateId: unknown = ids.template) =>
    ({ roles: ['supplier'], personType: 'PJ', document, name, apportionmentTemplateId }) as PartyInput;
  const partiesWith = async (document: string) =>
    (await d.t.database.db.select({ n: count() }).from(parties).where(eq(parties.document, document)))[0]?.n;

  beforeAll(async () => {
    d = await startDemoApp();
    const admin = await d.as('admin', d.matriz);
    ids.rent = (await admin.registries.classifications.list({ search: 'Aluguel' })).rows[0]?.id ?? '';
    const centres = (await admin.registries.costCentres.list({ sort: 'code' })).rows;
    ids.admin = centres[0]?.id ?? '';
    ids.sales = centres[1]?.id ?? '';
    const template = await admin.registries.apportionmentTemplates.create({
      name: 'Sede dividida',
      lines: [
        { costCentreId: ids.admin, classificationId: ids.rent, share: '60' },
        { costCentreId: ids.sales, classificationId: ids.rent, share: '40' },
      ],
    });
    ids.template = template.id;
    // Another organization's template, with its own cost centre and classification.
    const outro = await d.as('outro', d.elsewhere);
    const centre = await outro.registries.costCentres.create({ name: 'Geral' });
    const classification = await outro.registries.classifications.create({ name: 'Geral', nature: 'expense' });
    ids.foreignTemplate = (
      await outro.registries.apportionmentTemplates.create({
        name: 'Deles',
        lines: [{ costCentreId: centre.id, classificationId: classification.id, share: '100' }],
      })
    ).id;
  });
  afterAll(() => d?.t.close());

  it('lets a supplier and a classification name a default template, which the options of their selects carry', async () => {
    const financeiro = await d.as('financeiro', d.matriz);
    const created = await financeiro.registries.suppliers.create(
      supplier('11.222.333/0001-81', 'Imobiliária Sede', ids.template),
    );
    ids.supplier = created.id;
    expect(created.apportionmentTemplateId).toBe(ids.template);
    const admin = await d.as('admin', d.matriz);
    const rent = await admin.registries.classifications.get({ id: ids.rent });
    const classified = await admin.registries.classifications.update({
      id: rent.id,
      version: rent.version,
      parentId: rent.parentId,
      name: rent.name,
      nature: rent.nature,
      apportionmentTemplateId: ids.template,
    });
    expect(classified.apportionmentTemplateId).toBe(ids.template);

    // Whoever types a bill reads them through the selects' options, without the right to these registries.
    const member = await d.as('solicitante', d.matriz);
    const [party] = await member.registries.suppliers.options({ search: 'Imobiliária Sede' });
    expect(party).toMatchObject({ id: ids.supplier, apportionmentTemplateId: ids.template });
    const [classification] = await member.registries.classifications.options({ search: 'Aluguel' });
    expect(classification).toMatchObject({ id: ids.rent, apportionmentTemplateId: ids.template });
    const [template] = await member.registries.apportionmentTemplates.options({ search: 'Sede dividida' });
    expect(template?.lines).toEqual([
      { costCentreId: ids.admin, classificationId: ids.rent, share: 6000 },
      { costCentreId: ids.sales, classificationId: ids.rent, share: 4000 },
    ]);
  });

  it('refuses another organization’s template, or what is not a template, in every way in, and stores nothing', async () => {
    const financeiro = await d.as('financeiro', d.matriz);
    const document = cnpjNumber(4_321);
    const foreign = supplier(document, 'Fornecedor Intruso', ids.foreignTemplate);
    expect(await codeOf(financeiro.registries.suppliers.create(foreign))).toBe('BAD_REQUEST');
    expect(await messageOf(financeiro.registries.suppliers.create(foreign))).toBe(FOREIGN);
    expect(await messageOf(financeiro.registries.suppliers.create(supplier(document, 'X', 'abc')))).toContain(
      'Escolha um item da lista.',
    );
    // A number where an id goes, as a client's request carries it.
    const response = await d.t.app.inject({
      method: 'POST',
      url: '/v1/registries/suppliers.create',
      headers: {
        authorization: `Bearer ${await d.t.tokenFor('financeiro')}`,
        'x-organization-id': d.org.organizationId,
        'x-unit-id': d.matriz.unitId,
        'content-type': 'application/json',
      },
      payload: JSON.stringify(supplier(document, 'X', 42)),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(
      'Valor inválido em "apportionmentTemplateId".',
    );
    expect(await codeOf(financeiro.registries.suppliers.create(supplier(document, 'X', 'a\u0000')))).toBe(
      'BAD_REQUEST',
    );
    const report = await financeiro.registries.suppliers.import({ rows: [foreign] });
    expect(report).toMatchObject({ imported: 0, problems: [{ line: 2, message: FOREIGN }] });
    // A party typed in with a bill is saved by the same rule.
    const bill = financeiro.ledger.documents.create({
      kind: 'payable',
      partyId: null,
      newParty: foreign,
      description: 'Serviço',
      documentType: 'nfe',
      issueDate: '2026-03-02',
      competence: '03/2026',
      grossAmount: 10_000,
      lines: [{ classificationId: ids.rent, costCentreId: ids.admin, share: 10_000 }],
      installments: [{ dueDate: '2026-04-02', amount: 10_000 }],
      idempotencyKey: '01900000-0000-7000-8000-00000000a001',
    });
    expect(await messageOf(bill)).toBe(FOREIGN);
    expect(await partiesWith(document)).toBe(0);
    expect(await d.t.database.db.select({ n: count() }).from(ledgerDocuments)).toEqual([{ n: 0 }]);
  });

  it('refuses a classification pointing at another organization’s template and leaves it as it was', async () => {
    const admin = await d.as('admin', d.matriz);
    const before = await admin.registries.classifications.get({ id: ids.rent });
    const change = {
      id: before.id,
      version: before.version,
      parentId: before.parentId,
      name: 'Aluguel trocado',
      nature: before.nature,
      apportionmentTemplateId: ids.foreignTemplate,
    };
    expect(await codeOf(admin.registries.classifications.update(change))).toBe('BAD_REQUEST');
    expect(await messageOf(admin.registries.classifications.update(change))).toBe(FOREIGN);
    const [stored] = await d.t.database.db.select().from(classifications).where(eq(classifications.id, ids.rent));
    expect(stored).toMatchObject({ name: before.name, version: before.version, apportionmentTemplateId: ids.template });
  });

  it('lets whoever edits the registry set the default: a reader of classifications or an outsider is refused', async () => {
    const financeiro = await d.as('financeiro', d.matriz);
    const rent = await financeiro.registries.classifications.get({ id: ids.rent });
    const cleared = { ...rent, apportionmentTemplateId: null };
    expect(await codeOf(financeiro.registries.classifications.update(cleared))).toBe('FORBIDDEN');
    const party = await financeiro.registries.suppliers.get({ id: ids.supplier });
    const solicitante = await d.as('solicitante', d.matriz);
    const unset = { ...supplier(party.document, party.name, null), id: party.id, version: party.version };
    expect(await codeOf(solicitante.registries.suppliers.update(unset))).toBe('FORBIDDEN');
    const [stored] = await d.t.database.db.select().from(parties).where(eq(parties.id, ids.supplier));
    expect(stored?.apportionmentTemplateId).toBe(ids.template);
  });

  it('keeps a template while a party or a classification names it, saying where it is used', async () => {
    const admin = await d.as('admin', d.org);
    expect(await codeOf(admin.registries.apportionmentTemplates.delete({ id: ids.template }))).toBe('CONFLICT');
    expect(await messageOf(admin.registries.apportionmentTemplates.delete({ id: ids.template }))).toBe(
      'Não é possível excluir: usado em 1 fornecedor, cliente ou parceiro, 1 classificação. Desative-o para que não seja mais escolhido.',
    );
    const inUnit = await d.as('admin', d.matriz);
    const party = await inUnit.registries.suppliers.get({ id: ids.supplier });
    await inUnit.registries.suppliers.update({
      ...supplier(party.document, party.name, ''),
      id: party.id,
      version: party.version,
    });
    const rent = await inUnit.registries.classifications.get({ id: ids.rent });
    await inUnit.registries.classifications.update({ ...rent, apportionmentTemplateId: '' });
    expect(await admin.registries.apportionmentTemplates.delete({ id: ids.template })).toEqual({ ok: true });
  });

  it('offers a chosen party with its template even when fifty others come before it in the list', async () => {
    const admin = await d.as('admin', d.matriz);
    const template = await admin.registries.apportionmentTemplates.create({
      name: 'Tudo no administrativo',
      lines: [{ costCentreId: ids.admin, classificationId: ids.rent, share: '100' }],
    });
    const rows = Array.from({ length: 55 }, (_, i) => supplier(cnpjNumber(7_000 + i), `Fornecedor ${i + 1}`, null));
    expect(await admin.registries.suppliers.import({ rows })).toMatchObject({ imported: 55 });
    const last = await admin.registries.suppliers.create(supplier(cnpjNumber(8_000), 'Zélia Materiais', template.id));
    const options = await admin.registries.suppliers.options({ search: '', ids: [last.id] });
    expect(options).toHaveLength(51);
    expect(options.at(-1)).toMatchObject({
      id: last.id,
      label: 'Zélia Materiais',
      apportionmentTemplateId: template.id,
    });
    // An inactive choice still comes, marked so.
    await admin.registries.suppliers.setStatus({ id: last.id, status: 'inactive' });
    const inactive = await admin.registries.suppliers.options({ search: 'zelia', ids: [last.id] });
    expect(inactive).toEqual([
      { id: last.id, label: 'Zélia Materiais', status: 'inactive', apportionmentTemplateId: template.id },
    ]);
  });
});
