import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Loader,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconArrowLeft, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import {
  addDays,
  addMonths,
  formatBRL,
  formatDateTime,
  monthPeriod,
  parseDateText,
  periodLabel,
  todayInSaoPaulo,
} from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { apiErrorMessage } from '../../ui/api-error';
import { DateField } from '../../ui/DateField';
import { ledgerSources } from '../ledger/sources';
import { ReferenceSelect } from '../registries/fields';
import { registrySource } from '../registries/sources';
import { useCan } from '../tenants/use-can';
import { splitMessages as t } from './messages';
import { PayableLink } from './PayableLink';
import { ReceiptsTable } from './ReceiptsTable';
import { RunsList } from './RunsList';
import { SharesTable } from './SharesTable';
import type { SplitPreview, SplitRunResult } from './types';

const configSource = registrySource(trpc.registries.splitConfigs.options);

/** The last 24 months, newest first, as choices of the month select. */
function monthOptions(today: string) {
  const first = `${today.slice(0, 7)}-01`;
  return Array.from({ length: 24 }, (_, i) => {
    const month = addMonths(first, -i).slice(0, 7);
    const { from, to } = monthPeriod(month);
    return { value: month, label: periodLabel(from, to) };
  });
}

interface Choice {
  configId: string;
  from: string;
  to: string;
}

/** Step 1: the setting and the period (last month unless another month or a range is chosen). */
function ChooseStep(props: { initial: Choice | null; onNext: (choice: Choice) => void }) {
  const today = todayInSaoPaulo();
  const months = useMemo(() => monthOptions(today), [today]);
  const lastMonth = months[1]?.value ?? today.slice(0, 7);
  const [configId, setConfigId] = useState<string | null>(props.initial?.configId ?? null);
  const [kind, setKind] = useState<'month' | 'range'>('month');
  const [month, setMonth] = useState<string>(props.initial?.from.slice(0, 7) ?? lastMonth);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<{ config?: string; period?: string }>({});
  const next = () => {
    const period = kind === 'month' ? monthPeriod(month) : { from: parseDateText(from), to: parseDateText(to) };
    const found = { config: configId ? undefined : t.chooseConfig, period: undefined as string | undefined };
    if (!period.from || !period.to) found.period = t.invalidPeriod;
    setErrors(found);
    if (found.config || found.period || !configId || !period.from || !period.to) return;
    props.onNext({ configId, from: period.from, to: period.to });
  };
  return (
    <Stack gap="md" maw={560}>
      <ReferenceSelect
        label={t.config}
        source={configSource}
        value={configId}
        onChange={setConfigId}
        required
        error={errors.config}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500} id="split-period-kind">
          {t.periodKind}
        </Text>
        <SegmentedControl
          aria-labelledby="split-period-kind"
          value={kind}
          onChange={(v) => setKind(v === 'range' ? 'range' : 'month')}
          data={[
            { value: 'month', label: t.month },
            { value: 'range', label: t.range },
          ]}
        />
      </Stack>
      {kind === 'month' ? (
        <Select
          label={t.monthLabel}
          data={months}
          value={month}
          onChange={(v) => v && setMonth(v)}
          allowDeselect={false}
          searchable
        />
      ) : (
        <SimpleGrid cols={2}>
          <DateField label={t.from} value={from} onChange={setFrom} required error={errors.period} />
          <DateField label={t.to} value={to} onChange={setTo} required />
        </SimpleGrid>
      )}
      <Group justify="flex-end">
        <Button onClick={next}>{t.seeReceipts}</Button>
      </Group>
    </Stack>
  );
}

/** Step 3's form: the partners' payables' due date, classification and cost centre, and the confirmation. */
function PayablesForm(props: {
  preview: SplitPreview;
  canRun: boolean;
  onBack: () => void;
  onDone: (result: SplitRunResult) => void;
}) {
  const { preview } = props;
  const [dueDate, setDueDate] = useState(() => addDays(todayInSaoPaulo(), 10));
  const [classificationId, setClassificationId] = useState<string | null>(null);
  const [costCentreId, setCostCentreId] = useState<string | null>(preview.suggestedCostCentreId);
  const [errors, setErrors] = useState<{ dueDate?: string; classification?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const queryClient = useQueryClient();
  const payables = preview.shares.filter((s) => s.amount > 0);
  const run = useMutation(
    trpc.split.run.mutationOptions({
      onSuccess: async (result) => {
        notifications.show({ color: 'green', message: t.created });
        await queryClient.invalidateQueries(trpc.split.pathFilter());
        setConfirming(false);
        setKey(crypto.randomUUID());
        props.onDone(result);
      },
      onError: () => setConfirming(false),
    }),
  );
  const ask = () => {
    const found = {
      dueDate: parseDateText(dueDate) ? undefined : t.required.dueDate,
      classification: classificationId ? undefined : t.required.classification,
    };
    setErrors(found);
    if (!found.dueDate && !found.classification) setConfirming(true);
  };
  return (
    <Stack gap="md">
      <SharesTable preview={preview} />
      {props.canRun ? (
        <>
          <Title order={3} size="h5">
            {t.payables}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <DateField label={t.dueDate} value={dueDate} onChange={setDueDate} required error={errors.dueDate} />
            <ReferenceSelect
              label={t.classification}
              source={ledgerSources.classifications}
              value={classificationId}
              onChange={setClassificationId}
              required
              error={errors.classification}
            />
            <ReferenceSelect
              label={t.costCentre}
              source={ledgerSources.costCentres}
              value={costCentreId}
              onChange={setCostCentreId}
            />
          </SimpleGrid>
          {run.isError && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
              {apiErrorMessage(run.error)}
            </Alert>
          )}
        </>
      ) : (
        <Alert color="gray" icon={<IconInfoCircle size={18} />}>
          {t.readOnly}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={props.onBack}>
          {t.previous}
        </Button>
        {props.canRun && (
          <Button onClick={ask} disabled={payables.length === 0 || preview.existingRun !== null}>
            {t.generate}
          </Button>
        )}
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t.confirmTitle} centered>
        <Text size="sm" mb="md">
          {t.confirmMessage(
            payables.length,
            formatBRL(payables.reduce((sum, s) => sum + s.amount, 0)),
            preview.period.label,
          )}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t.cancel}
          </Button>
          <Button
            loading={run.isPending}
            onClick={() =>
              run.mutate({
                configId: preview.config.id,
                from: preview.period.from,
                to: preview.period.to,
                dueDate: parseDateText(dueDate) ?? dueDate,
                classificationId: classificationId ?? '',
                costCentreId,
                idempotencyKey: key,
              })
            }
            data-autofocus
          >
            {t.confirm}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

/** Step 4: what was created, with a link to each partner's payable. */
function DoneStep(props: { result: SplitRunResult; onAgain: () => void }) {
  return (
    <Stack gap="md" maw={640}>
      <Alert color="green" icon={<IconCircleCheck size={18} />} title={t.doneTitle}>
        {t.doneMessage(props.result.period.label)}
      </Alert>
      <Stack gap={4}>
        {props.result.shares.map((s) =>
          s.payableId ? (
            <PayableLink key={s.partyId} id={s.payableId}>
              {t.openPayable(s.name)} ({formatBRL(s.amount)})
            </PayableLink>
          ) : (
            <Text key={s.partyId} c="dimmed">
              {s.name}: {t.noPayable}
            </Text>
          ),
        )}
      </Stack>
      <Text size="sm">
        {t.retained}: {formatBRL(props.result.retained)} · {t.base}: {formatBRL(props.result.base)}
      </Text>
      <Group>
        <Button variant="default" onClick={props.onAgain}>
          {t.another}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * /fluxos/split: choose a split setting and a period, see the receipts it covers and each partner's share, and
 * confirm to create the partners' payables; earlier runs below, each undone as a whole.
 */
export function SplitFlowPage() {
  const canEditSplits = useCan('editar_configuracoes_split', 'unit');
  const canEditPayables = useCan('editar_contas_pagar', 'unit');
  const canRun = canEditSplits && canEditPayables;
  const [step, setStep] = useState(0);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [result, setResult] = useState<SplitRunResult | null>(null);
  const preview = useQuery(trpc.split.preview.queryOptions(choice ?? skipToken, { retry: false }));
  useEffect(() => {
    document.title = `${t.title} · Financeiro`;
  }, []);
  const data = preview.data;
  const coverage = data ? t.covers(t.coverage[data.config.coverage], data.period.label) : '';

  return (
    <Container size="lg" py="md">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1} size="h2">
              {t.title}
            </Title>
            <Text c="dimmed">{t.subtitle}</Text>
          </div>
          <Anchor component={Link} to="/dashboard" size="sm">
            <Group gap={4}>
              <IconArrowLeft size={16} aria-hidden />
              {t.back}
            </Group>
          </Anchor>
        </Group>
        <Paper withBorder p="md" radius="md">
          <Stepper active={step} onStepClick={(s) => s < step && step < 3 && setStep(s)} size="sm">
            <Stepper.Step label={t.steps.choose} description={t.steps.chooseHint}>
              <ChooseStep
                initial={choice}
                onNext={(c) => {
                  setChoice(c);
                  setStep(1);
                }}
              />
            </Stepper.Step>
            <Stepper.Step label={t.steps.receipts} description={t.steps.receiptsHint} loading={preview.isFetching}>
              <Stack gap="md">
                {preview.isPending && choice && (
                  <Group gap="xs" role="status">
                    <Loader size="sm" />
                    <Text>{t.loading}</Text>
                  </Group>
                )}
                {preview.isError && (
                  <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
                    {apiErrorMessage(preview.error)}
                  </Alert>
                )}
                {data && (
                  <>
                    <Text>
                      <Text span fw={600}>
                        {data.config.name}
                      </Text>
                      {' · '}
                      {coverage}
                    </Text>
                    {data.existingRun && (
                      <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
                        {t.existing(
                          periodLabel(data.existingRun.from, data.existingRun.to),
                          formatDateTime(new Date(data.existingRun.createdAt)),
                        )}
                      </Alert>
                    )}
                    {data.receipts.length === 0 ? (
                      <Alert color="gray" icon={<IconInfoCircle size={18} />} title={t.empty}>
                        {t.emptyWhy}
                      </Alert>
                    ) : (
                      <ReceiptsTable preview={data} />
                    )}
                  </>
                )}
                <Group justify="space-between">
                  <Button variant="default" onClick={() => setStep(0)}>
                    {t.previous}
                  </Button>
                  <Button onClick={() => setStep(2)} disabled={!data || data.base === 0}>
                    {t.next}
                  </Button>
                </Group>
              </Stack>
            </Stepper.Step>
            <Stepper.Step label={t.steps.shares} description={t.steps.sharesHint}>
              {data && (
                <PayablesForm
                  preview={data}
                  canRun={canRun}
                  onBack={() => setStep(1)}
                  onDone={(r) => {
                    setResult(r);
                    setStep(3);
                  }}
                />
              )}
            </Stepper.Step>
            <Stepper.Completed>
              {result && (
                <DoneStep
                  result={result}
                  onAgain={() => {
                    setResult(null);
                    setChoice(null);
                    setStep(0);
                  }}
                />
              )}
            </Stepper.Completed>
          </Stepper>
        </Paper>
        <RunsList canRun={canRun} />
      </Stack>
    </Container>
  );
}
