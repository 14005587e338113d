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
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { Fragment, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import {
  centavosOfText,
  formatPercent,
  maskCep,
  maskDocument,
  maskMoney,
  maskPercent,
  maskPhone,
  moneyText as maskedMoney,
  pastedMoney,
  percentInput,
  type PersonType,
} from '@financeiro/core';
import { queryClient, type QueryOptionsOf } from '../../api/trpc';
import { registryMessages } from '../../i18n/registries';
import { DateField } from '../../ui/DateField';
import { MaskedInput } from '../../ui/MaskedInput';

const t = registryMessages.form;
/** What a person types in a percentage field, read by the same rule as the server's. */
const typedPercent = percentInput();
/** How long a select's choices are taken from the cache before they are asked for again. */
const OPTIONS_STALE = 60_000;

export interface Option {
  value: string;
  label: string;
}

/**
 * A query of a reference field's choices: a procedure's options, with `select` turning its answer into choices. The
 * source makes it with `queryOptions(input, { select })`, where the answer's type is checked; here it is only known to
 * become choices.
 */
export type ChoicesQuery = QueryOptionsOf<unknown> & { select?(answer: unknown): Option[] };

/** Where a reference field finds its choices. */
export type OptionSource =
  /**
   * Queries of the API for the choices matching a search, with the chosen ones (`ids`): a registry's `options`, the
   * members; the choices of several (a party is a supplier, a customer or a partner) are merged.
   */
  | { queries: (search: string, ids: string[]) => ChoicesQuery[] }
  /** A list the session already holds (units, departments). */
  | { local: (search: string) => Option[] };

/** The choices of several queries as one list: each record once, by name. */
function merged(lists: Option[][]): Option[] {
  if (lists.length === 1) return lists[0] ?? [];
  const byValue = new Map(lists.flat().map((o) => [o.value, o]));
  return [...byValue.values()].sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
}

/** The choices of a source's queries once every one has answered, and whether any is asking. */
const choicesOf = (results: UseQueryResult<Option[]>[]) => {
  const lists = results.flatMap((result) => (result.data ? [result.data] : []));
  return {
    data: lists.length === results.length ? merged(lists) : undefined,
    isFetching: results.some((result) => result.isFetching),
  };
};

/** A source's choices matching a search, read once (a CSV cell's label on import), from the cache when fresh. */
export async function loadChoices(source: OptionSource, search: string): Promise<Option[]> {
  if ('local' in source) return source.local(search);
  const lists = source
    .queries(search, [])
    .map(async (query) => query.select?.(await queryClient.fetchQuery({ ...query, staleTime: OPTIONS_STALE })) ?? []);
  return merged(await Promise.all(lists));
}

interface FieldBase {
  key: string;
  label: string;
  description?: string;
  placeholder?: string;
  /** A column of lines: the placeholder its line suggests (the chosen tax's own rate), in place of `placeholder`. */
  linePlaceholder?: (line: Record<string, unknown>) => string | undefined;
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
    | { kind: 'money' | 'percent' | 'date' | 'yesno' | 'phone' | 'cep' }
    /** A CPF or CNPJ, masked by the person type the form holds (both while it holds none). */
    | { kind: 'document'; personType?: (values: Record<string, unknown>) => PersonType | undefined }
    | { kind: 'select' | 'multiselect'; options: Option[] }
    | { kind: 'reference' | 'references'; source: OptionSource }
    | { kind: 'lines'; columns: RegistryField[]; newLine: () => Record<string, unknown>; totalOf?: string }
  );

/**
 * The choices of a reference field: the first matches of what is typed, and the chosen ones. `current`: the list
 * shown holds the matches of what is typed now (not the last search's, kept on screen while the next one loads).
 */
function useOptions(source: OptionSource, search: string, chosen: string[]) {
  const [debounced] = useDebouncedValue(search, 250);
  const found = useQueries({
    queries: ('queries' in source ? source.queries(debounced, chosen) : []).map((query) => ({
      ...query,
      staleTime: OPTIONS_STALE,
    })),
    combine: choicesOf,
  });
  // Each search is a query of its own: while the next one's choices load, the last ones stay on screen.
  const [shown, setShown] = useState(found.data);
  if (found.data !== undefined && found.data !== shown) setShown(found.data);
  const data = 'local' in source ? source.local(debounced) : (found.data ?? shown);
  const isPlaceholderData = found.data === undefined && shown !== undefined;
  return {
    data,
    isFetching: found.isFetching,
    current: debounced === search && !found.isFetching && !isPlaceholderData,
  };
}

/** Takes the highlighted option of a select's open list, or else its first. */
function takeFirstMatch(input: HTMLInputElement) {
  const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
  if (list && !list.querySelector('[data-combobox-selected]'))
    list.querySelector<HTMLElement>('[data-combobox-option]')?.click();
}

/**
 * Enter in a reference select's open list takes the highlighted option, or else the first. When the matches of what
 * was typed are still on their way from the server, it takes the first of them once they arrive (a slow answer
 * never leaves the typed text unchosen, nor chooses from the previous search's list). Meanwhile Enter never sends
 * the form the select is in.
 */
function useEnterTakesFirstMatch(current: boolean, searching: boolean) {
  const waiting = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    const input = waiting.current;
    if (!input || !current) return;
    waiting.current = null;
    // Once the new options are drawn.
    requestAnimationFrame(() => takeFirstMatch(input));
  }, [current]);
  return (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (event.key !== 'Enter' || input.getAttribute('aria-expanded') !== 'true') return;
    event.preventDefault();
    if (searching && !current) waiting.current = input;
    else takeFirstMatch(input);
  };
}

function ReferenceInput(props: {
  field: FieldBase & { source: OptionSource };
  multiple: boolean;
  required?: boolean | undefined;
  /** Greyed out while the rest of the form makes it meaningless (the field's `disabledWhen`). */
  disabled?: boolean | undefined;
  /** Takes the focus when its form opens. */
  autoFocus?: boolean | undefined;
  inputProps: { value: unknown; onChange: (v: unknown) => void; error?: unknown };
}) {
  const [search, setSearch] = useState('');
  const value = props.inputProps.value;
  const chosen = Array.isArray(value) ? (value as string[]) : value ? [value as string] : [];
  const options = useOptions(props.field.source, search, chosen);
  const onKeyDown = useEnterTakesFirstMatch(options.current, search.trim() !== '');
  const data = options.data ?? [];
  // Loading and "nothing found" are said beside the input, not inside the list: a list box holds options only.
  const nothingFound = search.trim() !== '' && !options.isFetching && data.length === 0;
  const common = {
    label: props.field.label,
    description: nothingFound ? t.nothingFound : props.field.description,
    data,
    searchable: true,
    searchValue: search,
    onSearchChange: setSearch,
    loading: options.isFetching,
    error: props.inputProps.error as string | undefined,
    withAsterisk: props.required,
    disabled: props.disabled,
    'aria-required': props.required || undefined,
    'data-autofocus': props.autoFocus || undefined,
    // Part of a name and Enter chooses the first match (highlighted as it is typed), rather than sending the form.
    selectFirstOptionOnChange: true,
    onKeyDown,
    // Tab passes a select by without its list covering the next fields; typing, ArrowDown or a click opens it.
    openOnFocus: false,
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

/** A select of one registry's records outside a registry form (a payment's account). */
export function ReferenceSelect(props: {
  label: string;
  source: OptionSource;
  value: string | null;
  onChange: (value: string | null) => void;
  required?: boolean;
  /** The form's refusal of the choice, shown under the select. */
  error?: ReactNode;
}) {
  return (
    <ReferenceInput
      field={{ key: props.label, label: props.label, source: props.source }}
      multiple={false}
      required={props.required}
      inputProps={{
        value: props.value,
        onChange: (v) => props.onChange(typeof v === 'string' && v ? v : null),
        error: props.error,
      }}
    />
  );
}

/** The input of one field, bound to the form at `path`. */
function FieldInput<V>(props: {
  form: UseFormReturnType<V>;
  field: RegistryField;
  path: string;
  autoFocus?: boolean;
  /** The fields the form refuses blank, by key ("lines.share" for a column of lines): asterisk and `aria-required`. */
  required: Set<string>;
  /** The key `required` names this field by: its path without line numbers. */
  name: string;
}) {
  const { form, field, path } = props;
  const required = props.required.has(props.name);
  const input = form.getInputProps(path);
  const values = form.getValues() as Record<string, unknown>;
  const label = {
    label: field.label,
    description: field.description,
    placeholder: field.placeholder,
    disabled: field.disabledWhen?.(values),
    withAsterisk: required,
    'aria-required': required || undefined,
    'data-autofocus': props.autoFocus || undefined,
  };
  // A masked input's text, and its rule checked as soon as the person moves on (a date that does not exist).
  const masked = {
    ...label,
    ...input,
    value: typeof input.value === 'string' ? input.value : '',
    onChange: (text: string) => input.onChange(text),
    onBlur: () => {
      input.onBlur?.();
      if (typeof input.value === 'string' && input.value.trim()) form.validateField(path);
    },
  };
  switch (field.kind) {
    case 'select':
      return <Select {...label} data={field.options} allowDeselect={false} {...input} />;
    case 'multiselect':
      return <MultiSelect {...label} data={field.options} {...input} />;
    case 'reference':
    case 'references':
      return (
        <ReferenceInput
          field={field}
          multiple={field.kind === 'references'}
          required={required}
          disabled={label.disabled}
          autoFocus={props.autoFocus}
          inputProps={{ value: input.value, onChange: input.onChange, error: input.error }}
        />
      );
    case 'money':
      return (
        <MaskedInput
          {...masked}
          mask={maskMoney}
          paste={pastedMoney}
          inputMode="numeric"
          leftSection={<Text size="sm">R$</Text>}
        />
      );
    case 'percent':
      return <MaskedInput {...masked} mask={maskPercent} inputMode="decimal" rightSection={<Text size="sm">%</Text>} />;
    case 'date':
      return <DateField {...masked} />;
    case 'document': {
      const personType = field.personType?.(values);
      return (
        <MaskedInput
          {...masked}
          mask={(text) => maskDocument(text, personType)}
          // The alphanumeric CNPJ has letters: only a CPF is typed on the numeric keyboard.
          inputMode={personType === 'PF' ? 'numeric' : 'text'}
          autoCapitalize="characters"
        />
      );
    }
    case 'phone':
      return <MaskedInput {...masked} mask={maskPhone} inputMode="tel" type="tel" autoComplete="tel" />;
    case 'cep':
      return <MaskedInput {...masked} mask={maskCep} inputMode="numeric" autoComplete="postal-code" />;
    case 'yesno':
      return <Switch {...label} mt="xs" {...form.getInputProps(path, { type: 'checkbox' })} />;
    case 'lines':
      return <LinesInput form={form} field={field} path={path} required={props.required} />;
    default:
      return <TextInput {...label} {...input} />;
  }
}

/** A list of lines (apportionment, split partners, approvers): one row of inputs per line, a total when it has one. */
function LinesInput<V>(props: {
  form: UseFormReturnType<V>;
  field: Extract<RegistryField, { kind: 'lines' }>;
  path: string;
  required: Set<string>;
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
                field={{
                  ...column,
                  description: undefined,
                  placeholder: column.linePlaceholder?.(lines[i] ?? {}) ?? column.placeholder,
                }}
                path={`${path}.${i}.${column.key}`}
                required={props.required}
                name={`${path}.${column.key}`}
              />
            ))}
          </SimpleGrid>
          <ActionIcon
            mt={28}
            variant="subtle"
            color="red"
            aria-label={t.removeLine(i + 1)}
            onClick={() => form.removeListItem(path, i)}
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
          // The list's own onChange takes the longer list (a new line goes last, so no line's errors move).
          onClick={() => form.getInputProps(path).onChange([...lines, field.newLine()])}
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

/**
 * The paths of the fields `schema` refuses to take blank, found by blanking each in turn: the form's own rule decides
 * which fields carry the asterisk, so no form lists them twice.
 */
function requiredPaths(schema: z.ZodType, values: Record<string, unknown>, fields: RegistryField[]): Set<string> {
  const refused = (path: string, changed: Record<string, unknown>) =>
    schema
      .safeParse(wireValues(fields, { ...values, ...changed }))
      .error?.issues.some((issue) => issue.path.join('.') === path) ?? false;
  const required = new Set<string>();
  for (const field of fields) {
    if (field.kind === 'yesno') continue;
    if (field.kind === 'lines') {
      for (const column of field.columns) {
        const line = { ...field.newLine(), [column.key]: '' };
        if (refused(`${field.key}.0.${column.key}`, { [field.key]: [line] }))
          required.add(`${field.key}.${column.key}`);
      }
      continue;
    }
    const blank = field.kind === 'multiselect' || field.kind === 'references' ? [] : '';
    if (refused(field.key, { [field.key]: blank })) required.add(field.key);
  }
  return required;
}

/** Every field of a registry form, in order, half-width ones side by side, sections with their headings. */
export function FormFields<V>(props: {
  form: UseFormReturnType<V>;
  fields: RegistryField[];
  schema: z.ZodType;
  /** The first field takes the focus when the form opens (a form in several parts gives it to its first part). */
  autoFocus?: boolean;
}) {
  const { form, fields, schema } = props;
  const required = useMemo(
    () => requiredPaths(schema, form.getInitialValues() as Record<string, unknown>, fields),
    [schema, form, fields],
  );
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
                <FieldInput
                  key={field.key}
                  form={form}
                  field={field}
                  path={field.key}
                  autoFocus={g === 0 && props.autoFocus !== false}
                  required={required}
                  name={field.key}
                />
              ))}
            </SimpleGrid>
          ) : (
            group[0] && (
              <FieldInput
                form={form}
                field={group[0]}
                path={group[0].key}
                autoFocus={g === 0 && props.autoFocus !== false}
                required={required}
                name={group[0].key}
              />
            )
          )}
        </Fragment>
      ))}
    </Stack>
  );
}

/**
 * A registry form's values as the API takes them: its money fields (and those of its lines), typed as text, in
 * centavos; a blank one is null, which the shared schema refuses in the field's own words.
 */
export function wireValues<V extends Record<string, unknown>>(fields: RegistryField[], values: V): V {
  const wire: Record<string, unknown> = { ...values };
  for (const field of fields) {
    const value = values[field.key];
    if (field.kind === 'money') wire[field.key] = centavosOfText(typeof value === 'string' ? value : '');
    else if (field.kind === 'lines' && Array.isArray(value)) {
      wire[field.key] = value.map((line: Record<string, unknown>) => wireValues(field.columns, line));
    }
  }
  // The registry pages whose forms hold money declare their values as a plain record, so the shape holds.
  return wire as V;
}

/** Centavos as the form shows them: "1.234,56". */
export const moneyText = (centavos: number | null | undefined) =>
  centavos === null || centavos === undefined ? '' : maskedMoney(centavos);

/** Basis points as the form shows them: "33,34". */
export const percentText = (bp: number | null | undefined) =>
  bp === null || bp === undefined ? '' : (bp / 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 });
