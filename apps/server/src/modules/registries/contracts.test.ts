import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ATTACHMENT_MAX_BYTES, contractSchedule, type contractInput } from '@financeiro/core';
import type { z } from 'zod';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { registryAccessTests } from '../../test/registry-access';
import { users } from '../identity/schema';
import { departments } from '../tenancy/schema';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('contracts and purchasing centres', () => {
  let d: DemoApp;
  const ids = { contract: '', centre: '', attachment: '' };
  let contract = {} as z.input<typeof contractInput>;

  beforeAll(async () => {
    d = await startDemoApp();
    const admin = await d.as('admin', d.matriz);
    const party = await admin.registries.suppliers.create({
      roles: ['supplier'],
      personType: 'PJ',
      document: '11.222.333/0001-81',
      name: 'Imobiliária Central Ltda',
    });
    contract = {
      partyId: party.id,
      object: 'Locação do galpão da Matriz',
      value: 850_000,
      periodicity: 'monthly',
      startDate: '31/01/2026',
      endDate: '31/12/2026',
      readjustmentIndex: 'IGPM',
      readjustmentMonth: '1',
      classificationId: (await admin.registries.classifications.list({ search: 'Aluguel' })).rows[0]?.id ?? '',
      costCentreId: (await admin.registries.costCentres.list({ sort: 'code' })).rows[0]?.id ?? '',
    };
  });
  afterAll(() => d?.t.close());

  it('keeps a contract and previews the installments it implies, month ends included', async () => {
    const admin = await d.as('admin', d.matriz);
    const created = await admin.registries.contracts.create(contract);
    ids.contract = created.id;
    expect(created).toMatchObject({ value: 850_000, startDate: '2026-01-31', readjustmentMonth: 1 });
    const schedule = contractSchedule(created);
    expect(schedule).toHaveLength(12);
    expect(schedule.slice(0, 3).map((i) => i.dueDate)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    expect(schedule.reduce((sum, i) => sum + i.amount, 0)).toBe(10_200_000);
    const found = await admin.registries.contracts.list({ search: 'imobiliária' });
    expect(found.rows.map((r) => [r.object, r.partyName])).toEqual([
      ['Locação do galpão da Matriz', 'Imobiliária Central Ltda'],
    ]);
    const noMonth = { ...contract, readjustmentMonth: '' };
    expect(await messageOf(admin.registries.contracts.create(noMonth))).toContain('Escolha o mês do reajuste.');
    const backwards = { ...contract, endDate: '01/01/2026' };
    expect(await messageOf(admin.registries.contracts.create(backwards))).toContain(
      'O fim não pode ser antes do início.',
    );
  });

  it('attaches PDFs and images checked by content and size, kept within the organization', async () => {
    const admin = await d.as('admin', d.matriz);
    const upload = (content: Buffer, contentType = 'application/pdf') =>
      admin.registries.contractAttachments.upload({
        contractId: ids.contract,
        fileName: 'C:\\contratos\\galpão.pdf',
        contentType: contentType as 'application/pdf',
        content: content.toString('base64'),
      });
    const saved = await upload(PDF);
    ids.attachment = saved.id;
    expect(saved).toMatchObject({ fileName: 'galpão.pdf', size: PDF.length });
    expect(await messageOf(upload(Buffer.from('MZ not a pdf')))).toBe(
      'O conteúdo do arquivo não é um PDF ou uma imagem válida.',
    );
    expect(await messageOf(upload(Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 0x25)))).toContain('O arquivo passa de 5 MB.');
    expect(await messageOf(upload(PDF, 'text/html'))).toContain('Anexe PDF ou imagem (PNG, JPEG ou WebP).');
    const file = await admin.registries.contractAttachments.download({ id: saved.id });
    expect(Buffer.from(file.content, 'base64').equals(PDF)).toBe(true);
    expect(
      (await admin.registries.contractAttachments.list({ contractId: ids.contract })).map((f) => f.fileName),
    ).toEqual(['galpão.pdf']);
    const outsider = await d.as('outro', d.elsewhere);
    expect(await codeOf(outsider.registries.contractAttachments.download({ id: saved.id }))).toBe('NOT_FOUND');
    expect(await codeOf(outsider.registries.contractAttachments.list({ contractId: ids.contract }))).toBe('NOT_FOUND');
    const upload2 = {
      contractId: ids.contract,
      fileName: 'x.pdf',
      contentType: 'application/pdf' as const,
      content: PDF.toString('base64'),
    };
    expect(await codeOf(outsider.registries.contractAttachments.upload(upload2))).toBe('NOT_FOUND');
    expect(await codeOf(outsider.registries.contractAttachments.delete({ id: saved.id }))).toBe('NOT_FOUND');
    const stranger = await d.as('outro', d.matriz);
    expect(await codeOf(stranger.registries.contractAttachments.list({ contractId: ids.contract }))).toBe('FORBIDDEN');
    const requester = await d.as('solicitante', d.matriz);
    expect(await codeOf(requester.registries.contractAttachments.download({ id: saved.id }))).toBe('FORBIDDEN');
    expect(await codeOf(requester.registries.contractAttachments.upload(upload2))).toBe('FORBIDDEN');
    const reader = await d.as('financeiro', d.matriz);
    expect(await codeOf(reader.registries.contractAttachments.list({ contractId: ids.contract }))).toBe('OK');
    expect(await codeOf(reader.registries.contractAttachments.delete({ id: saved.id }))).toBe('FORBIDDEN');
    expect(await admin.registries.contractAttachments.list({ contractId: ids.contract })).toHaveLength(1);
  });

  it('keeps purchasing centres with departments and approvers ordered by their limit (alçada)', async () => {
    const admin = await d.as('admin', d.matriz);
    const [compras] = await d.t.database.db.select().from(departments).where(eq(departments.slug, 'compras'));
    const people = await d.t.database.db.select().from(users);
    const userId = (name: string) => people.find((u) => u.username === name)?.id ?? '';
    const centre = await admin.registries.purchasingCentres.create({
      name: 'Compras Matriz',
      departmentIds: [compras?.id ?? ''],
      approvers: [
        { userId: userId('admin'), limit: 5_000_000 },
        { userId: userId('financeiro'), limit: 500_000 },
      ],
    });
    ids.centre = centre.id;
    expect(centre.approvers).toEqual([
      { userId: userId('financeiro'), limit: 500_000 },
      { userId: userId('admin'), limit: 5_000_000 },
    ]);
    const stranger = {
      name: 'Outro',
      departmentIds: [compras?.id ?? ''],
      approvers: [{ userId: userId('outro'), limit: 1 }],
    };
    expect(await messageOf(admin.registries.purchasingCentres.create(stranger))).toBe(
      'Todo aprovador deve ser membro ativo desta organização.',
    );
  });

  describe('who may call it', () => {
    registryAccessTests({
      registry: 'contracts',
      context: () => ({ as: d.as, here: d.matriz, elsewhere: d.elsewhere, recordId: ids.contract }),
      create: () => contract,
      reader: 'financeiro',
      outsider: 'solicitante',
    });
    registryAccessTests({
      registry: 'purchasingCentres',
      context: () => ({ as: d.as, here: d.matriz, elsewhere: d.elsewhere, recordId: ids.centre }),
      create: () => ({
        name: 'Intruso',
        departmentIds: [d.other.departmentId],
        approvers: [{ userId: d.other.userId, limit: 1 }],
      }),
      outsider: 'financeiro',
    });
  });
});
