import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { DateInput } from '@mantine/dates';
import { IconCalendar, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { dateInput, formatPercent, percentInput } from '@financeiro/core';
import { registryMessages } from '../../i18n/registries';

const t = registryMessages.form;
/** What a person types in a date or percentage field, read by the same rules as the server's. */
const typedDate = dateInput();
const typedPercent = percentInput();

export interface Option {
  value: string;
  label: string;
}

/** Where a reference field finds its choices: a registry's `options`, or any list of the tenant (units, members). */
export interface OptionSource {
  /** Names the query cache. */
  name: string;
  load: (search: string, ids: string[]) => Promise<Option[]>;
}

interface FieldBase {
  key: string;
  label: string;
  description?: string;
  placeholder?: string;
  /** Half the form's width, beside the next half field. */
  half?: boolean;
  /** A heading shown above this field, opening a group of fields. */
  section?: string;
  /** Greyed out while the rest of the form makes it meaningless (a readjustment month without an index). */
  disabledWhen?: (values: Record<string, unknown>) => boolean;
}

/** One field of a registry form; its kind decides the input and how a CSV cell becomes its value. */
export type RegistryField = FieldBase &
  (
    | { kind?: 'text' }
    | { kind: 'money' | 'percent' | 'date' | 'yesno' }
    | { kind: 'select' | 'multiselect'; options: Option[] }
    | { kind: 'reference' | 'references'; source: OptionSource }
    | { kind: 'lines'; columns: RegistryField[]; newLine: () => Record<string, unknown>; totalOf?: string }
  );

/** The choices of a reference field: the first matches of what is typed, and the chosen ones. */
function useOptions(source: OptionSource, search: string, chosen: string[]) {
  const [debounced] = useDebouncedValue(search, 250);
  return useQuery({
    queryKey: ['options', source.name, debounced, chosen],
    queryFn: () => source.load(debounced, chosen),
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
}

function ReferenceInput(props: {
  field: FieldBase & { source: OptionSource };
  multiple: boolean;
  inputProps: { value: unknown; onChange: (v: unknown) => void; error?: unknown };
}) {
  const [search, setSearch] = useState('');
  const value = props.inputProps.value;
  const chosen = Array.isArray(value) ? (value as string[]) : value ? [value as string] : [];
  const options = useOptions(props.field.source, search, chosen);
  const data = options.data ?? [];
  const common = {
    label: props.field.label,
    description: props.field.description,
    data,
    searchable: true,
    searchValue: search,
    onSearchChange: setSearch,
    nothingFoundMessage: options.isFetching ? t.loading : t.nothingFound,
    error: props.inputProps.error as string | undefined,
  };
  return props.multiple ? (
    <MultiSelect {...common} value={chosen} onChange={(v) => props.inputProps.onChange(v)} clearable />
  ) : (
    <Select
      {...common}
      value={(value as string | null) || null}
      onChange={(v) => props.inputProps.onChange(v ?? '')}
      clearable
    />
  );
}

/** The input of one field, bound to the form at `path`. */
function FieldInput<V>(props: { form: UseFormReturnType<V>; field: RegistryField; path: string; autoFocus?: boolean }) {
  const { form, field, path } = props;
  const input = form.getInputProps(path);
  const label = {
    label: field.label,
    description: field.description,
    placeholder: field.placeholder,
    disabled: field.disabledWhen?.(form.getValues() as Record<string, unknown>),
    'data-autofocus': props.autoFocus || undefined,
  };
  switch (field.kind) {
    case 'select':
      return <Select {...label} data={field.options} allowDeselect={false} {...input} />;
    case 'multiselect':
      return <MultiSelect {...label} data={field.options} {...input} />;
    case 'reference':
    case 'references':
      return <ReferenceInput field={field} multiple={field.kind === 'references'} inputProps={input as never} />;
    case 'money':
      return <TextInput {...label} leftSection={<Text size="sm">R$</Text>} inputMode="decimal" {...input} />;
    case 'percent':
      return <TextInput {...label} rightSection={<Text size="sm">%</Text>} inputMode="decimal" {...input} />;
    case 'date':
      return (
        <DateInput
          {...label}
          valueFormat="DD/MM/YYYY"
          dateParser={(text) => typedDate.safeParse(text).data ?? null}
          clearable
          leftSection={<IconCalendar size={16} />}
          {...input}
          value={(input.value as string) || null}
          onChange={(value) => input.onChange(value ?? '')}
        />
      );
    case 'yesno':
      return <Switch {...label} mt="xs" {...form.getInputProps(path, { type: 'checkbox' })} />;
    case 'lines':
      return <LinesInput form={form} field={field} path={path} />;
    default:
      return <TextInput {...label} {...input} />;
  }
}

/** A list of lines (apportionment, split partners, approvers): one row of inputs per line, a total when it has one. */
function LinesInput<V>(props: {
  form: UseFormReturnType<V>;
  field: Extract<RegistryField, { kind: 'lines' }>;
  path: string;
}) {
  const { form, field, path } = props;
  const lines = (form.getValues() as Record<string, Record<string, unknown>[]>)[path] ?? [];
  const total = field.totalOf
    ? lines.reduce((sum, line) => sum + (typedPercent.safeParse(line[field.totalOf ?? '']).data ?? 0), 0)
    : null;
  const error = form.errors[path];
  return (
    <Stack gap="xs">
      <Text size="sm" fw={700}>
        {field.label}
      </Text>
      {lines.map((_, i) => (
        // One row per line on a wide screen; on a phone the line's inputs stack.
        <Group key={i} align="flex-start" wrap="nowrap" gap="xs">
          <SimpleGrid cols={{ base: 1, sm: field.columns.length }} spacing="xs" verticalSpacing={4} style={{ flex: 1 }}>
            {field.columns.map((column) => (
              <FieldInput
                key={column.key}
                form={form}
                field={{ ...column, description: undefined }}
                path={`${path}.${i}.${column.key}`}
              />
            ))}
          </SimpleGrid>
          <ActionIcon
            mt={28}
            variant="subtle"
            color="red"
            aria-label={t.removeLine(i + 1)}
            onClick={() => form.removeListItem(path as never, i)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group justify="space-between">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => form.insertListItem(path as never, field.newLine() as never)}
        >
          {t.addLine}
        </Button>
        {total !== null && (
          <Text size="sm" fw={600} c={total === 10_000 ? 'teal' : 'orange'}>
            {t.total(formatPercent(total))}
          </Text>
        )}
      </Group>
      {typeof error === 'string' && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** Every field of a registry form, in order, half-width ones side by side, sections with their headings. */
export function FormFields<V>(props: { form: UseFormReturnType<V>; fields: RegistryField[] }) {
  const groups: RegistryField[][] = [];
  for (const field of props.fields) {
    const last = groups.at(-1);
    if (field.half && last?.length === 1 && last[0]?.half && !field.section) last.push(field);
    else groups.push([field]);
  }
  return (
    <Stack>
      {groups.map((group, g) => (
        <Fragment key={group[0]?.key}>
          {group[0]?.section && (
            <Title order={5} mt="sm">
              {group[0].section}
            </Title>
          )}
          {group.length === 2 || group[0]?.half ? (
            // Side by side from a small tablet up; one column on a phone, where half a drawer is too narrow to type in.
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              {group.map((field) => (
                <FieldInput key={field.key} form={props.form} field={field} path={field.key} autoFocus={g === 0} />
              ))}
            </SimpleGrid>
          ) : (
            group[0] && <FieldInput form={props.form} field={group[0]} path={group[0].key} autoFocus={g === 0} />
          )}
        </Fragment>
      ))}
    </Stack>
  );
}

/** Centavos as the form shows them: "1.234,56". */
export const moneyText = (centavos: number | null | undefined) =>
  centavos === null || centavos === undefined
    ? ''
    : (centavos / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Basis points as the form shows them: "33,34". */
export const percentText = (bp: number | null | undefined) =>
  bp === null || bp === undefined ? '' : (bp / 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 });
