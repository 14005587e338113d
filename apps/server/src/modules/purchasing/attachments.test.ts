import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { eventLog } from '../audit/schema';
import { purchaseOrderAttachments } from './schema';
import { orderIn, orderOf, setUpPurchasing, type Callers, type PurchasingSetup } from '../../test/purchasing-fixtures';

const pdf = Buffer.from('%PDF-1.4 cotação Acme').toString('base64');
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('foto da peça'),
]).toString('base64');
const asPdf = (content: string, fileName = 'cotacao.pdf') => ({
  fileName,
  contentType: 'application/pdf' as const,
  content,
});

describe('purchase orders: attached files through the API', () => {
  let d: DemoApp;
  let s: PurchasingSetup;
  let admin: Callers;
  let financeiro: Callers;
  let solicitante: Callers;
  let outro: Callers;

  beforeAll(async () => {
    d = await startDemoApp();
    s = await setUpPurchasing(d);
    admin = await d.as('admin', d.org);
    financeiro = await d.as('financeiro', d.org);
    solicitante = await d.as('solicitante', s.compras);
    outro = await d.as('outro', d.elsewhere);
  });
  afterAll(() => d?.t.close());

  const filesOf = async (orderId: string) =>
    (
      await d.t.database.db
        .select({ n: count() })
        .from(purchaseOrderAttachments)
        .where(eq(purchaseOrderAttachments.orderId, orderId))
    )[0]?.n;

  /** An order with two quotations, Metalúrgica's chosen (position 0) and Acme's (position 1). */
  const quoted = (total = 100_000) =>
    orderOf(s, total, {
      quotations: [
        { supplierId: s.ids.supplier, total },
        { supplierId: s.ids.supplier2, total: total + 5_000 },
      ],
      chosenQuotation: 0,
      quotationReason: 'Mais barata',
    });

  it('lets the requester attach to their draft and gives the same bytes back, each file with its quotation', async () => {
    const order = await orderIn(s, { requester: solicitante, approver: admin }, 'criada', 100_000, quoted());
    const general = await solicitante.purchasing.attachments.upload({ orderId: order.id, ...asPdf(pdf) });
    const photo = await solicitante.purchasing.attachments.upload({
      orderId: order.id,
      quotation: 1,
      fileName: 'C:\\fotos\\peca.png',
      contentType: 'image/png',
      content: png,
    });
    expect(photo).toMatchObject({ fileName: 'peca.png', size: Buffer.from(png, 'base64').length });
    expect(await solicitante.purchasing.attachments.list({ orderId: order.id })).toMatchObject([
      { id: general.id, fileName: 'cotacao.pdf', contentType: 'application/pdf', quotation: null },
      { id: photo.id, fileName: 'peca.png', contentType: 'image/png', quotation: 1 },
    ]);
    expect(await solicitante.purchasing.attachments.download({ id: photo.id })).toEqual({
      fileName: 'peca.png',
      contentType: 'image/png',
      content: png,
    });
    expect((await admin.purchasing.attachments.download({ id: general.id })).content).toBe(pdf);

    const [event] = await d.t.database.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.entityId, order.id), eq(eventLog.action, 'purchase_order.attach')));
    expect(event?.after).toMatchObject({ fileName: 'cotacao.pdf' });

    expect(await solicitante.purchasing.attachments.delete({ id: general.id })).toEqual({ ok: true });
    expect(await solicitante.purchasing.attachments.list({ orderId: order.id })).toMatchObject([{ id: photo.id }]);
  });

  it('refuses a file whose content is not what it claims, and a quotation the order does not have', async () => {
    const order = await orderIn(s, { requester: solicitante, approver: admin }, 'criada', 100_000, quoted());
    const text = Buffer.from('Orçamento: R$ 1.000,00').toString('base64');
    const fake = solicitante.purchasing.attachments.upload({ orderId: order.id, ...asPdf(text) });
    expect(await codeOf(fake)).toBe('BAD_REQUEST');
    expect(await messageOf(solicitante.purchasing.attachments.upload({ orderId: order.id, ...asPdf(text) }))).toBe(
      'O conteúdo do arquivo não é um PDF ou uma imagem válida.',
    );
    expect(
      await messageOf(solicitante.purchasing.attachments.upload({ orderId: order.id, quotation: 2, ...asPdf(pdf) })),
    ).toBe('Cotação não encontrada neste pedido.');
    expect(await filesOf(order.id)).toBe(0);
  });

  it('keeps each file with its quotation when an edit swaps or drops quotations', async () => {
    const order = await orderIn(s, { requester: solicitante, approver: admin }, 'criada', 100_000, quoted());
    const acme = await solicitante.purchasing.attachments.upload({ orderId: order.id, quotation: 1, ...asPdf(pdf) });
    const serra = await solicitante.purchasing.attachments.upload({ orderId: order.id, quotation: 0, ...asPdf(pdf) });
    const positions = async () =>
      Object.fromEntries(
        (await solicitante.purchasing.attachments.list({ orderId: order.id })).map((f) => [f.id, f.quotation]),
      );

    const swapped = orderOf(s, 100_000, {
      quotations: [
        { supplierId: s.ids.supplier2, total: 105_000 },
        { supplierId: s.ids.supplier, total: 100_000 },
      ],
      chosenQuotation: 1,
      quotationReason: 'Mais barata',
    });
    const { version } = await solicitante.purchasing.update({ id: order.id, version: 1, order: swapped });
    expect(await positions()).toEqual({ [acme.id]: 0, [serra.id]: 1 });

    const onlySerra = orderOf(s, 100_000, { quotations: [{ supplierId: s.ids.supplier, total: 100_000 }] });
    await solicitante.purchasing.update({ id: order.id, version, order: { ...onlySerra, chosenQuotation: 0 } });
    expect(await positions()).toEqual({ [acme.id]: null, [serra.id]: 0 });
  });

  it('lets financeiro, who does not edit orders, read the files but not change them', async () => {
    const order = await orderIn(s, { requester: solicitante, approver: admin }, 'aguardando_aprovacao');
    const file = await solicitante.purchasing.attachments.upload({ orderId: order.id, ...asPdf(pdf) });
    expect(await codeOf(financeiro.purchasing.attachments.upload({ orderId: order.id, ...asPdf(pdf) }))).toBe(
      'FORBIDDEN',
    );
    expect(await codeOf(financeiro.purchasing.attachments.delete({ id: file.id }))).toBe('FORBIDDEN');
    expect(await financeiro.purchasing.attachments.list({ orderId: order.id })).toMatchObject([{ id: file.id }]);
    expect((await financeiro.purchasing.attachments.download({ id: file.id })).content).toBe(pdf);
    expect(await filesOf(order.id)).toBe(1);
  });

  it('keeps the files of a concluded order as the evidence of the purchase', async () => {
    const order = await orderIn(s, { requester: solicitante, approver: admin }, 'aprovada');
    const file = await solicitante.purchasing.attachments.upload({ orderId: order.id, ...asPdf(pdf) });
    await financeiro.purchasing.conclude({
      id: order.id,
      version: order.version,
      issueDate: '2026-04-01',
      installments: [{ dueDate: '2026-05-10', amount: order.total }],
    });
    const removal = admin.purchasing.attachments.delete({ id: file.id });
    expect(await codeOf(removal)).toBe('CONFLICT');
    expect(await messageOf(admin.purchasing.attachments.delete({ id: file.id }))).toBe(
      'Este pedido foi concluído: seus anexos são a prova da compra e não mudam mais.',
    );
    expect(await codeOf(admin.purchasing.attachments.upload({ orderId: order.id, ...asPdf(pdf) }))).toBe('CONFLICT');
    expect((await solicitante.purchasing.attachments.download({ id: file.id })).content).toBe(pdf);
    expect(await filesOf(order.id)).toBe(1);
  });

  it('refuses the files of a cancelled order to change', async () => {
    const order = await orderIn(s, { requester: solicitante, approver: admin }, 'cancelada');
    expect(await messageOf(solicitante.purchasing.attachments.upload({ orderId: order.id, ...asPdf(pdf) }))).toBe(
      'Este pedido foi encerrado: seus anexos não mudam mais.',
    );
  });

  it('answers NOT_FOUND to another organization for every procedure', async () => {
    const order = await orderIn(s, { requester: solicitante, approver: admin }, 'criada');
    const file = await solicitante.purchasing.attachments.upload({ orderId: order.id, ...asPdf(pdf) });
    expect(await codeOf(outro.purchasing.attachments.list({ orderId: order.id }))).toBe('NOT_FOUND');
    expect(await codeOf(outro.purchasing.attachments.download({ id: file.id }))).toBe('NOT_FOUND');
    expect(await codeOf(outro.purchasing.attachments.upload({ orderId: order.id, ...asPdf(pdf) }))).toBe('NOT_FOUND');
    expect(await codeOf(outro.purchasing.attachments.delete({ id: file.id }))).toBe('NOT_FOUND');
    expect(await filesOf(order.id)).toBe(1);
  });

  it('answers NOT_FOUND for a file of an order the caller does not see, and for an order’s id given as a file’s', async () => {
    // admin's order in Compras: the requester sees only their own orders there.
    const others = await orderIn(s, { requester: admin, approver: admin }, 'criada');
    const file = await admin.purchasing.attachments.upload({ orderId: others.id, ...asPdf(pdf) });
    expect(await codeOf(solicitante.purchasing.attachments.list({ orderId: others.id }))).toBe('NOT_FOUND');
    expect(await codeOf(solicitante.purchasing.attachments.download({ id: file.id }))).toBe('NOT_FOUND');
    expect(await codeOf(solicitante.purchasing.attachments.delete({ id: file.id }))).toBe('NOT_FOUND');
    expect(await codeOf(solicitante.purchasing.attachments.upload({ orderId: others.id, ...asPdf(pdf) }))).toBe(
      'NOT_FOUND',
    );
    expect(await codeOf(admin.purchasing.attachments.download({ id: others.id }))).toBe('NOT_FOUND');
    expect(await filesOf(others.id)).toBe(1);
  });
});
