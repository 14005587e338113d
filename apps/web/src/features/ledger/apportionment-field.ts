import { ledgerMessages } from '../../i18n/ledger';
import type { RegistryField } from '../registries/fields';
import { ledgerSources } from './sources';

const f = ledgerMessages.form;

/**
 * The apportionment of a document or a recurrence, under `label`: lines of classification, cost centre and share,
 * the shares adding up to 100%.
 */
export const apportionmentField = (label: string): RegistryField => ({
  key: 'lines',
  label,
  kind: 'lines',
  totalOf: 'share',
  newLine: () => ({ classificationId: '', costCentreId: '', share: '' }),
  columns: [
    { key: 'classificationId', label: f.classification, kind: 'reference', source: ledgerSources.classifications },
    { key: 'costCentreId', label: f.costCentre, kind: 'reference', source: ledgerSources.costCentres },
    { key: 'share', label: f.share, kind: 'percent' },
  ],
});
