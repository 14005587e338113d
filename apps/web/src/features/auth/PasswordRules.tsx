import { List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconPoint } from '@tabler/icons-react';
import { authMessages } from '../../i18n/auth';
import { PASSWORD_RULES } from './password-policy';

/** Live feedback on the password policy while the user types. */
export function PasswordRules({ password }: { password: string }) {
  return (
    <div aria-live="polite">
      <Text size="xs" c="dimmed" mb={4}>
        {authMessages.passwordRules.title}:
      </Text>
      <List size="xs" spacing={2} center>
        {PASSWORD_RULES.map((rule) => {
          const ok = rule.test(password);
          return (
            <List.Item
              key={rule.label}
              c={ok ? 'teal.9' : 'dimmed'}
              icon={
                <ThemeIcon size={16} radius="xl" color={ok ? 'teal' : 'gray'} variant={ok ? 'filled' : 'light'}>
                  {ok ? <IconCheck size={11} /> : <IconPoint size={11} />}
                </ThemeIcon>
              }
            >
              {rule.label}
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
