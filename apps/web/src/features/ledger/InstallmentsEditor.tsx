import { ActionIcon, Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  formatBRL,
  formatCalendarDate,
  parseBoleto,
  parseDateText,
  parsePixCopyPaste,
  paymentCodeWarnings,
  typedCentavos,
  type Centavos,
  type ReadPaymentCode,
} from '@financeiro/core';
import { ledgerMessages } from '../../i18n/ledger';
import { DateField } from '../../ui/DateField';
import { PIX_PREFIX, type InstallmentRow } from './document-rows';
import { MoneyInput } from './MoneyInput';

const f = ledgerMessages.form;

/** An amount as typed, in centavos; 0 while it does not read. */
const money = (text: string) => typedCentavos(text, 0) ?? 0;

/** A code typed in an installment read as PIX copia e cola or as a boleto: what it says, and what it asks to pay. */
function readCode(code: string): { ok: false; error: string } | { ok: true; says: string; asks: ReadPaymentCode } {
  if (code.startsWith(PIX_PREFIX)) {
    const read = parsePixCopyPaste(code);
    if (!read.ok) return read;
    const { pix } = read;
    return {
      ok: true,
      says: f.pix(pix.merchantName, pix.amount === null ? '' : formatBRL(pix.amount)),
      asks: { source: 'pix', amount: pix.amount, dueDate: null },
    };
  }
  const read = parseBoleto(code);
  if (!read.ok) return read;
  const { boleto } = read;
  return {
    ok: true,
    says: f.boleto(
      boleto.bankName ?? boleto.segmentName ?? boleto.bankCode ?? '',
      boleto.amount === null ? '—' : formatBRL(boleto.amount),
      boleto.dueDate ? formatCalendarDate(boleto.dueDate) : '—',
    ),
    asks: { source: 'boleto', amount: boleto.amount, dueDate: boleto.dueDate },
  };
}

/** What the boleto or PIX typed in an installment says, and where it disagrees with the installment. */
function CodeReading({ line }: { line: InstallmentRow }) {
  const code = line.code.trim();
  if (!code) return null;
  const read = readCode(code);
  if (!read.ok)
    return (
      <Text size="xs" c="red">
        {read.error}
      </Text>
    );
  const warnings = paymentCodeWarnings(read.asks, {
    amount: money(line.amount),
    dueDate: parseDateText(line.dueDate) ?? '',
  });
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {read.says}
      </Text>
      {warnings.map((w) => (
        <Text key={w} size="xs" c="orange.9">
          {w}
        </Text>
      ))}
    </Stack>
  );
}

/** One installment's inputs: due date, amount, the boleto or PIX it is paid by (what that says beneath), remove. */
function InstallmentLine<V extends { installments: InstallmentRow[] }>(props: {
  form: UseFormReturnType<V>;
  index: number;
  line: InstallmentRow;
  /** The last one left stays: a bill or a conclusion has at least one installment. */
  removable: boolean;
}) {
  const { form, index, line } = props;
  const path = `installments.${index}`;
  /** The field at `key` of this line, bound to the form. */
  const bound = (key: keyof InstallmentRow) => {
    const input = form.getInputProps(`${path}.${key}`);
    return { value: String(input.value ?? ''), onChange: input.onChange, error: input.error };
  };
  return (
    <Stack gap={2}>
      <Group align="flex-start" wrap="nowrap" gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" verticalSpacing={4} style={{ flex: 1 }}>
          <DateField label={f.dueDate} withAsterisk {...bound('dueDate')} />
          <MoneyInput label={f.amount} required {...bound('amount')} />
          <TextInput
            label={f.code}
            {...bound('code')}
            onChange={(e) => bound('code').onChange(e.currentTarget.value)}
          />
        </SimpleGrid>
        <ActionIcon
          mt={28}
          variant="subtle"
          color="red"
          aria-label={f.removeInstallment(index + 1)}
          disabled={!props.removable}
          onClick={() => form.removeListItem('installments', index)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
      {line.code.trim() && (
        <Group gap="xs">
          <Text size="xs" fw={700}>
            {f.installmentN(index + 1)}:
          </Text>
          <CodeReading line={line} />
        </Group>
      )}
    </Stack>
  );
}

/**
 * The installments of a bill, typed one by one: due date, amount and the boleto or PIX it is paid by, what they add
 * up to against `expected` (the bill's net, or the note's or order's total on a conclusion), and the difference said
 * in words. Serves the payable and receivable form and the purchase order's conclusion alike.
 */
export function InstallmentsEditor<V extends { installments: InstallmentRow[] }>(props: {
  form: UseFormReturnType<V>;
  expected: Centavos;
  /** What `expected` is, as the difference names it: "o líquido", "o total da nota". */
  expectedName: string;
}) {
  const { form } = props;
  const lines = form.getValues().installments;
  const sum = lines.reduce((total, line) => total + money(line.amount), 0);
  const difference = props.expected - sum;
  const error = form.errors.installments;
  return (
    <Stack gap="xs">
      {lines.map((line, i) => (
        <InstallmentLine
          key={form.key(`installments.${i}`)}
          form={form}
          index={i}
          line={line}
          removable={lines.length > 1}
        />
      ))}
      {typeof error === 'string' && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
      <Group justify="space-between">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          // The list's own onChange takes the longer list (a new line goes last, so no line's errors move).
          onClick={() => form.getInputProps('installments').onChange([...lines, { dueDate: '', amount: '', code: '' }])}
        >
          {f.addInstallment}
        </Button>
        <Text size="sm" fw={600} c={difference === 0 ? 'teal' : 'orange'} aria-live="polite">
          {f.sum(formatBRL(sum), formatBRL(props.expected))}
        </Text>
      </Group>
      {lines.length > 0 && difference !== 0 && (
        <Alert color="orange" icon={<IconAlertTriangle />} p="xs">
          {difference > 0
            ? f.difference(formatBRL(difference), props.expectedName)
            : f.excess(formatBRL(-difference), props.expectedName)}
        </Alert>
      )}
    </Stack>
  );
}
