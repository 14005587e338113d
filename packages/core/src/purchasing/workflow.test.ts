import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { PermissionName } from '../authz/permissions';
import { MAX_AMOUNT } from '../ledger/inputs';
import {
  PURCHASE_ORDER_ACTIONS,
  type PurchaseActor,
  type PurchaseApprover,
  type PurchaseOrderAction,
  type PurchaseOrderActionName,
  type PurchaseOrderState,
  type PurchaseTransition,
  purchaseContentChanges,
  purchaseOrderTransition,
} from './workflow';
import { PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from './statuses';

const R$ = (reais: number) => reais * 100;

/** The demo's profiles: the requester, two approvers of Compras/Matriz and finance. */
const solicitante: PurchaseActor = {
  userId: 'solicitante',
  permissions: ['editar_pedidos_compra', 'enviar_pedidos_compra'],
};
const aprovador5k: PurchaseActor = { userId: 'aprovador-5k', permissions: ['avaliar_pedidos_compra'] };
const aprovador50k: PurchaseActor = { userId: 'aprovador-50k', permissions: ['avaliar_pedidos_compra'] };
const financeiro: PurchaseActor = { userId: 'financeiro', permissions: ['concluir_pedidos_compra'] };
const centre: PurchaseApprover[] = [
  { userId: 'aprovador-5k', limit: R$(5_000) },
  { userId: 'aprovador-50k', limit: R$(50_000) },
];

const draft = (total = R$(12_000)): PurchaseOrderState => ({
  status: 'criada',
  total,
  requesterId: 'solicitante',
  approvals: [],
  approvedTotal: null,
});

function ok(result: PurchaseTransition) {
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result;
}
/** formatBRL separates "R$" with a no-break space; the expectations here are typed with a plain one. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');
function refusal(result: PurchaseTransition) {
  if (result.ok) throw new Error(`allowed: ${result.event.description}`);
  return plain(result.message);
}
const act = (state: PurchaseOrderState, actor: PurchaseActor, action: PurchaseOrderAction, approvers = centre) =>
  purchaseOrderTransition(state, actor, approvers, action);
const waiting = (total = R$(12_000)) => ok(act(draft(total), solicitante, { type: 'enviar' })).state;
const approved = (total = R$(12_000)) => ok(act(waiting(total), aprovador50k, { type: 'aprovar' })).state;

describe('purchase order workflow', () => {
  it('a draft is edited with editar_pedidos_compra and stays a draft', () => {
    const result = ok(act(draft(), solicitante, { type: 'editar', total: R$(13_000) }));
    expect(result.state).toMatchObject({ status: 'criada', total: R$(13_000) });
    expect(result.notify).toBeNull();
    expect(refusal(act(draft(), financeiro, { type: 'editar', total: R$(13_000) }))).toBe(
      'Você não tem permissão para editar pedidos de compra neste departamento.',
    );
  });

  it('sending needs enviar_pedidos_compra and tells the first level of approvers', () => {
    const result = ok(act(draft(), solicitante, { type: 'enviar' }));
    expect(result.state.status).toBe('aguardando_aprovacao');
    expect(result.event).toMatchObject({ action: 'enviar', from: 'criada', to: 'aguardando_aprovacao' });
    expect(result.event.actorId).toBe('solicitante');
    expect(result.notify).toEqual({ to: 'approvers', level: R$(5_000), userIds: ['aprovador-5k'] });
    const noSend: PurchaseActor = { userId: 'solicitante', permissions: ['editar_pedidos_compra'] };
    expect(refusal(act(draft(), noSend, { type: 'enviar' }))).toBe(
      'Você não tem permissão para enviar pedidos de compra para aprovação neste departamento.',
    );
  });

  it('an order nobody but the requester can approve is not sent', () => {
    expect(refusal(act(draft(R$(60_000)), solicitante, { type: 'enviar' }))).toBe(
      'Nenhum aprovador do centro de compras deste departamento tem alçada para R$ 60.000,00. Ajuste as alçadas do centro de compras.',
    );
    const requesterOnTop = [...centre, { userId: 'solicitante', limit: R$(100_000) }];
    expect(refusal(act(draft(R$(60_000)), solicitante, { type: 'enviar' }, requesterOnTop))).toMatch(
      /Nenhum aprovador/,
    );
  });

  it('an approver within their limit approves the order and the requester is told', () => {
    const result = ok(act(waiting(R$(4_000)), aprovador5k, { type: 'aprovar' }));
    expect(result.state).toMatchObject({ status: 'aprovada', approvedTotal: R$(4_000) });
    expect(result.state.approvals).toEqual([{ approverId: 'aprovador-5k', limit: R$(5_000) }]);
    expect(result.notify).toEqual({ to: 'requester', userId: 'solicitante' });
  });

  it('above the limit the order climbs to the next level and is approved only there', () => {
    const partial = ok(act(waiting(), aprovador5k, { type: 'aprovar' }));
    expect(partial.state.status).toBe('aguardando_aprovacao');
    expect(partial.state.approvals).toEqual([{ approverId: 'aprovador-5k', limit: R$(5_000) }]);
    expect(plain(partial.event.description)).toBe(
      'Aprovado até a alçada de R$ 5.000,00; o pedido de R$ 12.000,00 sobe para quem aprova até R$ 50.000,00.',
    );
    expect(partial.notify).toEqual({ to: 'approvers', level: R$(50_000), userIds: ['aprovador-50k'] });

    expect(refusal(act(partial.state, aprovador5k, { type: 'aprovar' }))).toBe(
      'Você já aprovou este pedido; ele aguarda o próximo nível.',
    );
    const colleague: PurchaseActor = { userId: 'outro-5k', permissions: ['avaliar_pedidos_compra'] };
    const withColleague = [...centre, { userId: 'outro-5k', limit: R$(5_000) }];
    expect(refusal(act(partial.state, colleague, { type: 'aprovar' }, withColleague))).toBe(
      'Este pedido já passou da sua alçada de R$ 5.000,00 e aguarda quem aprova até R$ 50.000,00.',
    );
    const final = ok(act(partial.state, aprovador50k, { type: 'aprovar' }));
    expect(final.state.status).toBe('aprovada');
    expect(final.state.approvals.map((a) => a.approverId)).toEqual(['aprovador-5k', 'aprovador-50k']);
  });

  it('the approver above may approve without waiting for the level below', () => {
    expect(ok(act(waiting(), aprovador50k, { type: 'aprovar' })).state.status).toBe('aprovada');
  });

  it('an approver whose limit was raised after approving does not approve the same round again', () => {
    const partial = ok(act(waiting(), aprovador5k, { type: 'aprovar' })).state;
    const raised = [
      { userId: 'aprovador-5k', limit: R$(20_000) },
      { userId: 'aprovador-50k', limit: R$(50_000) },
    ];
    expect(refusal(act(partial, aprovador5k, { type: 'aprovar' }, raised))).toBe(
      'Você já aprovou este pedido; ele aguarda o próximo nível.',
    );
  });

  it('nobody approves or rejects their own order, even as an approver', () => {
    const both: PurchaseActor = {
      userId: 'solicitante',
      permissions: ['editar_pedidos_compra', 'enviar_pedidos_compra', 'avaliar_pedidos_compra'],
    };
    const approvers = [...centre, { userId: 'solicitante', limit: R$(50_000) }];
    const order = ok(act(draft(), both, { type: 'enviar' }, approvers));
    expect(order.notify).toEqual({ to: 'approvers', level: R$(5_000), userIds: ['aprovador-5k'] });
    for (const action of [{ type: 'aprovar' }, { type: 'reprovar', reason: 'Caro demais' }] as const) {
      expect(refusal(act(order.state, both, action, approvers))).toBe(
        'Você não pode aprovar nem reprovar o seu próprio pedido.',
      );
    }
  });

  it('someone with avaliar_pedidos_compra outside the centre neither approves nor rejects', () => {
    const outsider: PurchaseActor = { userId: 'outro', permissions: ['avaliar_pedidos_compra'] };
    expect(refusal(act(waiting(), outsider, { type: 'aprovar' }))).toBe(
      'Você não é aprovador do centro de compras deste departamento.',
    );
  });

  it('a rejection needs a reason of up to 500 characters, kept in the timeline, and the requester is told', () => {
    expect(refusal(act(waiting(), aprovador50k, { type: 'reprovar', reason: '   ' }))).toBe(
      'Informe o motivo da reprovação.',
    );
    expect(refusal(act(waiting(), aprovador50k, { type: 'reprovar', reason: 'x'.repeat(501) }))).toBe(
      'O motivo pode ter até 500 caracteres.',
    );
    expect(ok(act(waiting(), aprovador50k, { type: 'reprovar', reason: 'x'.repeat(500) })).state.status).toBe(
      'reprovada',
    );
    const result = ok(act(waiting(), aprovador5k, { type: 'reprovar', reason: ' Sem orçamento ' }));
    expect(result.state.status).toBe('reprovada');
    expect(result.event).toMatchObject({ actorId: 'aprovador-5k', reason: 'Sem orçamento', to: 'reprovada' });
    expect(result.notify).toEqual({ to: 'requester', userId: 'solicitante' });
  });

  it('only an approved order is concluded, with concluir_pedidos_compra, and the requester is told', () => {
    expect(refusal(act(waiting(), financeiro, { type: 'concluir' }))).toBe('Só um pedido aprovado pode ser concluído.');
    expect(refusal(act(approved(), solicitante, { type: 'concluir' }))).toBe(
      'Você não tem permissão para concluir pedidos de compra neste departamento.',
    );
    const result = ok(act(approved(), financeiro, { type: 'concluir' }));
    expect(result.state.status).toBe('concluida');
    expect(result.notify).toEqual({ to: 'requester', userId: 'solicitante' });
  });

  it('a draft, a waiting or an approved order is cancelled with a reason; a concluded one is not', () => {
    for (const state of [draft(), waiting(), approved()]) {
      expect(refusal(act(state, solicitante, { type: 'cancelar', reason: '' }))).toBe(
        'Informe o motivo do cancelamento.',
      );
      const result = ok(act(state, solicitante, { type: 'cancelar', reason: 'Compra desistida' }));
      expect(result.state.status).toBe('cancelada');
      expect(result.event.reason).toBe('Compra desistida');
    }
    const concluded = ok(act(approved(), financeiro, { type: 'concluir' })).state;
    expect(refusal(act(concluded, solicitante, { type: 'cancelar', reason: 'Tarde demais' }))).toBe(
      'Este pedido já foi concluído e não pode mais ser alterado.',
    );
  });

  it("changing an approved order's total sends it back for approval; the same total keeps it approved", () => {
    const result = ok(act(approved(), solicitante, { type: 'editar', total: R$(12_500) }));
    expect(result.state).toMatchObject({
      status: 'aguardando_aprovacao',
      total: R$(12_500),
      approvals: [],
      approvedTotal: R$(12_000),
    });
    expect(plain(result.event.description)).toBe(
      'Valor alterado de R$ 12.000,00 para R$ 12.500,00; o pedido volta para aprovação.',
    );
    expect(result.notify).toEqual({ to: 'approvers', level: R$(5_000), userIds: ['aprovador-5k'] });
    expect(ok(act(approved(), solicitante, { type: 'editar', total: R$(12_000) })).state.status).toBe('aprovada');
  });

  it('another supplier, item or cost centre at the same total sends an approved order back for approval', () => {
    const item = { productId: null, description: 'Chapa', quantity: 1, unit: 'UN' as const, unitPrice: R$(12_000) };
    const bought = { supplierId: 'metalurgica', costCentreId: 'producao', items: [item] };
    expect(purchaseContentChanges(bought, { ...bought, items: [{ ...item }] })).toEqual([]);
    const changed = purchaseContentChanges(bought, {
      supplierId: 'acme',
      costCentreId: 'manutencao',
      items: [{ ...item, quantity: 2, unitPrice: R$(6_000) }],
    });
    expect(changed).toEqual(['fornecedor', 'itens', 'centro de custo']);
    const result = ok(act(approved(), solicitante, { type: 'editar', total: R$(12_000), changed }));
    expect(result.state).toMatchObject({ status: 'aguardando_aprovacao', approvals: [] });
    expect(plain(result.event.description)).toBe(
      'Alterado: fornecedor, itens, centro de custo; o pedido volta para aprovação.',
    );
    expect(ok(act(approved(), solicitante, { type: 'editar', total: R$(12_000), changed: [] })).state.status).toBe(
      'aprovada',
    );
  });

  it('a waiting order whose total changes starts its approval again', () => {
    const partial = ok(act(waiting(), aprovador5k, { type: 'aprovar' })).state;
    const result = ok(act(partial, solicitante, { type: 'editar', total: R$(11_000) }));
    expect(result.state).toMatchObject({ status: 'aguardando_aprovacao', approvals: [] });
    expect(ok(act(result.state, aprovador5k, { type: 'aprovar' })).state.status).toBe('aguardando_aprovacao');
  });

  it('refuses totals that are not whole positive centavos within the maximum', () => {
    const edit = (total: number) => refusal(act(draft(), solicitante, { type: 'editar', total }));
    expect(edit(100.5)).toBe('O valor do pedido deve ser um número inteiro de centavos.');
    expect(edit(Number.NaN)).toBe('O valor do pedido deve ser um número inteiro de centavos.');
    expect(edit(0)).toBe('O valor do pedido deve ser maior que zero.');
    expect(edit(-100)).toBe('O valor do pedido deve ser maior que zero.');
    expect(edit(MAX_AMOUNT + 1)).toBe('O valor do pedido não pode passar de R$ 999.999.999,99.');
    expect(ok(act(draft(), solicitante, { type: 'editar', total: MAX_AMOUNT })).state.total).toBe(MAX_AMOUNT);
  });
});

describe('every action × status × demo profile', () => {
  const NO = {
    editar: 'Você não tem permissão para editar pedidos de compra neste departamento.',
    enviar: 'Você não tem permissão para enviar pedidos de compra para aprovação neste departamento.',
    avaliar: 'Você não tem permissão para aprovar ou reprovar pedidos de compra neste departamento.',
    concluir: 'Você não tem permissão para concluir pedidos de compra neste departamento.',
    cancelar: 'Você não tem permissão para cancelar pedidos de compra neste departamento.',
  };
  const SENT = 'Só um pedido em rascunho pode ser enviado para aprovação.';
  const NOT_WAITING = 'Só um pedido aguardando aprovação pode ser aprovado ou reprovado.';
  const NOT_APPROVED = 'Só um pedido aprovado pode ser concluído.';
  const ENDED: Record<'reprovada' | 'concluida' | 'cancelada', string> = {
    reprovada: 'Este pedido foi reprovado e não pode mais ser alterado.',
    concluida: 'Este pedido já foi concluído e não pode mais ser alterado.',
    cancelada: 'Este pedido foi cancelado e não pode mais ser alterado.',
  };
  const actions: Record<PurchaseOrderActionName, PurchaseOrderAction> = {
    editar: { type: 'editar', total: R$(13_000) },
    enviar: { type: 'enviar' },
    aprovar: { type: 'aprovar' },
    reprovar: { type: 'reprovar', reason: 'Fora do orçamento' },
    concluir: { type: 'concluir' },
    cancelar: { type: 'cancelar', reason: 'Não é mais necessário' },
  };
  /** Per status and action, what [Solicitante, Aprovador R$ 5.000,00, Aprovador R$ 50.000,00, Financeiro] get. */
  type Outcome = PurchaseOrderStatus | string;
  type Row = [Outcome, Outcome, Outcome, Outcome];
  const live: Record<'criada' | 'aguardando_aprovacao' | 'aprovada', Record<PurchaseOrderActionName, Row>> = {
    criada: {
      editar: ['criada', NO.editar, NO.editar, NO.editar],
      enviar: ['aguardando_aprovacao', NO.enviar, NO.enviar, NO.enviar],
      aprovar: [NO.avaliar, NOT_WAITING, NOT_WAITING, NO.avaliar],
      reprovar: [NO.avaliar, NOT_WAITING, NOT_WAITING, NO.avaliar],
      concluir: [NO.concluir, NO.concluir, NO.concluir, NOT_APPROVED],
      cancelar: ['cancelada', 'cancelada', 'cancelada', NO.cancelar],
    },
    aguardando_aprovacao: {
      editar: ['aguardando_aprovacao', NO.editar, NO.editar, NO.editar],
      enviar: [SENT, NO.enviar, NO.enviar, NO.enviar],
      aprovar: [NO.avaliar, 'aguardando_aprovacao', 'aprovada', NO.avaliar],
      reprovar: [NO.avaliar, 'reprovada', 'reprovada', NO.avaliar],
      concluir: [NO.concluir, NO.concluir, NO.concluir, NOT_APPROVED],
      cancelar: ['cancelada', 'cancelada', 'cancelada', NO.cancelar],
    },
    aprovada: {
      editar: ['aguardando_aprovacao', NO.editar, NO.editar, NO.editar],
      enviar: [SENT, NO.enviar, NO.enviar, NO.enviar],
      aprovar: [NO.avaliar, NOT_WAITING, NOT_WAITING, NO.avaliar],
      reprovar: [NO.avaliar, NOT_WAITING, NOT_WAITING, NO.avaliar],
      concluir: [NO.concluir, NO.concluir, NO.concluir, 'concluida'],
      cancelar: ['cancelada', 'cancelada', 'cancelada', NO.cancelar],
    },
  };
  const stateIn = (status: PurchaseOrderStatus): PurchaseOrderState =>
    status === 'criada'
      ? draft()
      : {
          ...draft(),
          status,
          approvals: status === 'aguardando_aprovacao' ? [] : [{ approverId: 'aprovador-50k', limit: R$(50_000) }],
          approvedTotal: status === 'aguardando_aprovacao' ? null : R$(12_000),
        };

  const row = (status: PurchaseOrderStatus, action: PurchaseOrderActionName): Row => {
    if (status === 'reprovada' || status === 'concluida' || status === 'cancelada') {
      return [ENDED[status], ENDED[status], ENDED[status], ENDED[status]];
    }
    return live[status][action];
  };

  const cases = PURCHASE_ORDER_STATUSES.flatMap((status) =>
    PURCHASE_ORDER_ACTIONS.flatMap((action) => {
      const [s, a5, a50, f] = row(status, action);
      const pairs: [PurchaseActor, Outcome][] = [
        [solicitante, s],
        [aprovador5k, a5],
        [aprovador50k, a50],
        [financeiro, f],
      ];
      return pairs.map(([actor, expected]) => ({
        status,
        action,
        actor: actor.userId,
        expected,
        run: () => act(stateIn(status), actor, actions[action]),
      }));
    }),
  );

  it('covers all 144 combinations', () => expect(cases).toHaveLength(144));
  it.each(cases)('$status · $action · $actor → $expected', ({ expected, run }) => {
    const result = run();
    if ((PURCHASE_ORDER_STATUSES as readonly string[]).includes(expected)) {
      expect(ok(result).state.status).toBe(expected);
    } else {
      expect(refusal(result)).toBe(expected);
    }
  });
});

describe('any sequence of actions by random actors', () => {
  const PERMISSIONS: PermissionName[] = [
    'editar_pedidos_compra',
    'enviar_pedidos_compra',
    'avaliar_pedidos_compra',
    'concluir_pedidos_compra',
  ];
  const LIMITS = [R$(1_000), R$(5_000), R$(50_000), R$(500_000)];
  const people = fc
    .array(
      fc.record({
        permissions: fc.subarray(PERMISSIONS, { minLength: 2 }),
        limit: fc.option(fc.constantFrom(...LIMITS), { nil: null, freq: 3 }),
      }),
      { minLength: 2, maxLength: 5 },
    )
    .map((list) => list.map((person, i) => ({ userId: `u${i}`, ...person })));
  const validAmount = fc.oneof(fc.integer({ min: 1, max: R$(60_000) }), fc.constantFrom(...LIMITS));
  const amount = fc.oneof(validAmount, fc.constantFrom(0, -1, 0.5, MAX_AMOUNT + 1));
  const reason = fc.constantFrom('', '  ', 'Motivo', 'Fora do orçamento', 'Compra desistida', 'x'.repeat(501));
  /** Weighted so that many sequences get as far as approval and conclusion. */
  const action: fc.Arbitrary<PurchaseOrderAction> = fc.oneof(
    { weight: 2, arbitrary: amount.map((total) => ({ type: 'editar' as const, total })) },
    { weight: 3, arbitrary: fc.constant({ type: 'enviar' as const }) },
    { weight: 8, arbitrary: fc.constant({ type: 'aprovar' as const }) },
    { weight: 2, arbitrary: reason.map((r) => ({ type: 'reprovar' as const, reason: r })) },
    { weight: 4, arbitrary: fc.constant({ type: 'concluir' as const }) },
    { weight: 1, arbitrary: reason.map((r) => ({ type: 'cancelar' as const, reason: r })) },
  );

  interface Person {
    userId: string;
    permissions: PermissionName[];
    limit: number | null;
  }
  const requester: Person = { userId: 'u0', permissions: PERMISSIONS, limit: null };
  const approver: Person = { userId: 'u1', permissions: PERMISSIONS, limit: R$(50_000) };
  type Example = [[Person[], [Person, PurchaseOrderAction][]], number];
  const everyStatus: Example[] = [
    [
      [
        [requester, approver],
        [
          [requester, { type: 'editar', total: R$(2_000) }],
          [requester, { type: 'enviar' }],
          [approver, { type: 'aprovar' }],
          [approver, { type: 'concluir' }],
        ],
      ],
      R$(1_000),
    ],
    [
      [
        [requester, approver],
        [
          [requester, { type: 'enviar' }],
          [approver, { type: 'reprovar', reason: 'Fora do orçamento' }],
        ],
      ],
      R$(1_000),
    ],
    [[[requester, approver], [[requester, { type: 'cancelar', reason: 'Compra desistida' }]]], R$(1_000)],
  ];

  it('approves only through an approver other than the requester whose limit covers the total, and concludes only what was approved and left unchanged', () => {
    const reached = new Map<PurchaseOrderStatus, number>();
    fc.assert(
      fc.property(
        people.chain((users) =>
          fc.tuple(fc.constant(users), fc.array(fc.tuple(fc.constantFrom(...users), action), { maxLength: 40 })),
        ),
        validAmount,
        ([users, sequence], total) => {
          const approvers = users.flatMap((u) => (u.limit === null ? [] : [{ userId: u.userId, limit: u.limit }]));
          let state: PurchaseOrderState = { ...draft(total), requesterId: 'u0' };
          let approvedUnchanged = false;
          for (const [actor, next] of sequence) {
            const result = purchaseOrderTransition(state, actor, approvers, next);
            if (!result.ok) continue;
            const before = state;
            state = result.state;
            reached.set(state.status, (reached.get(state.status) ?? 0) + 1);
            expect(result.event).toMatchObject({ from: before.status, to: state.status, actorId: actor.userId });
            if (state.total !== before.total) approvedUnchanged = false;
            if (state.status === 'aprovada') {
              expect(
                state.approvals.some(
                  (a) =>
                    a.limit >= state.total &&
                    a.approverId !== state.requesterId &&
                    approvers.some((p) => p.userId === a.approverId && p.limit === a.limit),
                ),
              ).toBe(true);
              if (before.status !== 'aprovada') approvedUnchanged = true;
            }
            if (state.status === 'concluida') {
              expect(before.status).toBe('aprovada');
              expect(approvedUnchanged).toBe(true);
              expect(state.approvedTotal).toBe(state.total);
            }
          }
        },
      ),
      // Besides the random sequences, three that pass through every status, so that each is reached on every run.
      { numRuns: 500, examples: everyStatus },
    );
    for (const status of PURCHASE_ORDER_STATUSES) expect(reached.get(status) ?? 0).toBeGreaterThan(0);
  });
});
