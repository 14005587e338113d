import { TextInput, type TextInputProps } from '@mantine/core';
import { useLayoutEffect, useRef, type ClipboardEvent, type FocusEvent } from 'react';

export interface MaskedInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'onPaste'> {
  value: string;
  onChange: (value: string) => void;
  /** Turns what the input holds after a keystroke into the text shown (see the masks of `@financeiro/core`). */
  mask: (text: string) => string;
  /** Turns pasted text into the text shown, when pasting means something else than typing (an amount). */
  paste?: (text: string) => string;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

/** How many letters and digits come before `position`: what a caret keeps when the punctuation around it changes. */
const significantBefore = (text: string, position: number) =>
  text.slice(0, position).replace(/[^0-9A-Za-z]/g, '').length;

function positionAfter(text: string, significant: number): number {
  if (significant === 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (/[0-9A-Za-z]/.test(text[i] ?? '')) seen += 1;
    if (seen === significant) return i + 1;
  }
  return text.length;
}

/**
 * A text input that shows its value as Brazilians write it while it is typed (CPF, CNPJ, phone, CEP, money, dates).
 * A caret in the middle of the text stays after the same letters and digits when the punctuation moves.
 */
export function MaskedInput({ value, onChange, mask, paste, ...props }: MaskedInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (caret.current === null || !ref.current) return;
    ref.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    // Pasting over the whole text (or into an empty input) reads the pasted text on its own terms.
    if (!paste || input.selectionStart !== 0 || input.selectionEnd !== input.value.length) return;
    event.preventDefault();
    onChange(paste(event.clipboardData.getData('text')));
  };
  return (
    <TextInput
      {...props}
      ref={ref}
      value={value}
      onPaste={onPaste}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        const at = event.currentTarget.selectionStart ?? typed.length;
        const shown = mask(typed);
        if (at < typed.length) caret.current = positionAfter(shown, significantBefore(typed, at));
        onChange(shown);
      }}
    />
  );
}
