/** Who may use the bank statements and reconciliation, and the messages of what they touch. */
export const bankingMeta = { authz: { scope: 'unit', permissions: 'acessar_conciliacao' } } as const;

/**
 * Writing a ledger entry from a bank line, or a rule that writes them on import, also asks for the ledger's own
 * permission to write entries: reconciling is no back door to the books.
 */
export const bankingEntryMeta = {
  authz: { scope: 'unit', permissions: { all: ['acessar_conciliacao', 'editar_transacoes'] } },
} as const;

export const LINE_NOT_FOUND = 'Linha do extrato não encontrada nesta conta.';
export const MOVEMENT_NOT_FOUND = 'Movimento não encontrado nesta conta.';
export const LINE_TAKEN = 'Esta linha acabou de ser conciliada por outra pessoa. Atualize a tela.';
export const MOVEMENT_TAKEN = 'Este movimento acabou de ser conciliado por outra pessoa. Atualize a tela.';
