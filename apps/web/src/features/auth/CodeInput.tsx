import { TextInput, type TextInputProps } from '@mantine/core';
import { authMessages } from '../../i18n/auth';

/** The 6-digit verification code field: digits only, exactly six. */
export function CodeInput(props: Omit<TextInputProps, 'onChange'> & { onChange: (value: string) => void }) {
  const { onChange, ...rest } = props;
  return (
    <TextInput
      label={authMessages.confirm.codeLabel}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="000000"
      maxLength={6}
      styles={{
        input: { letterSpacing: '0.5em', fontSize: 22, textAlign: 'center', fontVariantNumeric: 'tabular-nums' },
      }}
      {...rest}
      onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
    />
  );
}

export const isCompleteCode = (code: string) => /^\d{6}$/.test(code);
