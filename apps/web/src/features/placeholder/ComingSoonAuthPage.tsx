import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useMatches } from '@tanstack/react-router';

/** Sign-in steps that arrive with multi-factor authentication and password recovery. */
export function ComingSoonAuthPage() {
  const title = useMatches({ select: (m) => m.at(-1)?.staticData.display?.title });
  return (
    <Stack gap="sm">
      <Title order={2} fz={22}>
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        Esta etapa ainda não está disponível nesta versão do Financeiro. Fale com o administrador da sua organização.
      </Text>
      <Anchor component={Link} to="/auth/sign-in" size="sm">
        Voltar para o login
      </Anchor>
    </Stack>
  );
}
