import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { maskMoney, pastedMoney } from '@financeiro/core';
import { MaskedInput } from '../../ui/MaskedInput';

/** An amount typed like a cash register (digits fill from the right), shown with "R$". */
export function MoneyInput(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  required?: boolean;
}) {
  return (
    <MaskedInput
      label={props.label}
      error={props.error}
      withAsterisk={props.required}
      value={props.value}
      onChange={props.onChange}
      mask={maskMoney}
      paste={pastedMoney}
      inputMode="numeric"
      leftSection={<Text size="sm">R$</Text>}
    />
  );
}
