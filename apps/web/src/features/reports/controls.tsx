import { SegmentedControl, Select } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { REPORT_BASES, type ReportBasis } from '@financeiro/core';
import { CARDS_MEDIA_QUERY } from '../../ui/DataTable.cards';
import { MonthPickerInput } from '../../ui/date-pickers';
import { reportsMessages } from './messages';
import { useOrganizationUnits } from './ReportFrame';

const t = reportsMessages;

/** A choice among a few: segments on a wide screen, a select on a phone (the segments would not fit). */
export function Choice<T extends string>(props: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const phone = useMediaQuery(CARDS_MEDIA_QUERY, false, { getInitialValueInEffect: false });
  return phone ? (
    <Select
      label={props.label}
      data={props.options}
      value={props.value}
      onChange={(value) => value && props.onChange(value as T)}
      allowDeselect={false}
      w="100%"
    />
  ) : (
    <SegmentedControl
      aria-label={props.label}
      data={[...props.options]}
      value={props.value}
      onChange={(value) => props.onChange(value as T)}
    />
  );
}

/** Regime de caixa / Regime de competência. */
export function BasisChoice(props: { value: ReportBasis; onChange: (basis: ReportBasis) => void }) {
  return (
    <Choice
      label={t.basis.label}
      value={props.value}
      options={REPORT_BASES.map((value) => ({ value, label: t.basis[value] }))}
      onChange={props.onChange}
    />
  );
}

/** The first and last months of a monthly report (YYYY-MM-01 in, YYYY-MM out). */
export function MonthsChoice(props: {
  from: string;
  to: string;
  onChange: (change: { from?: string; to?: string }) => void;
}) {
  const month = (value: string | null) => (value ? value.slice(0, 7) : undefined);
  return (
    <>
      <MonthPickerInput
        label={t.from}
        value={props.from}
        onChange={(value) => value && props.onChange({ from: month(value) })}
        valueFormat="MMM [de] YYYY"
        w={{ base: 'calc(50% - 6px)', xs: 140 }}
      />
      <MonthPickerInput
        label={t.to}
        value={props.to}
        onChange={(value) => value && props.onChange({ to: month(value) })}
        valueFormat="MMM [de] YYYY"
        w={{ base: 'calc(50% - 6px)', xs: 140 }}
      />
    </>
  );
}

/** The organization's units, or all of them (an organization-wide report's optional unit). */
export function UnitChoice(props: { value: string; onChange: (unitId: string) => void }) {
  const units = useOrganizationUnits();
  return (
    <Select
      label={t.unit}
      placeholder={t.allUnits}
      data={units}
      value={props.value || null}
      onChange={(value) => props.onChange(value ?? '')}
      clearable
      searchable
      w={{ base: '100%', xs: 200 }}
    />
  );
}
