import type { FlowDimension, StatusGrouping } from '@financeiro/core';

/** pt-BR texts of the status report's rows that name no record. */
export const STATUS_LABELS: { total: string; none: Record<StatusGrouping, string> } = {
  total: 'Total',
  none: {
    none: 'Todas as parcelas',
    party: 'Sem fornecedor ou cliente',
    classification: 'Sem classificação',
    costCentre: 'Sem centro de custo',
    unit: 'Sem unidade',
  },
};

/** The node of the flows' tree that holds what names no classification or cost centre. */
export const FLOWS_UNASSIGNED: Record<FlowDimension, string> = {
  classification: 'Sem classificação',
  costCentre: 'Sem centro de custo',
};

/** pt-BR answers of the reports' procedures to a request they refuse. */
export const REPORT_ERRORS = {
  unitNotFound: 'Unidade não encontrada nesta organização.',
  costCentreNotFound: 'Centro de custo não encontrado nesta organização.',
} as const;
