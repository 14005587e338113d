import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { isSearchShortcut } from './shortcuts';

/**
 * A list's search box: it answers as the person types, but asks the server only once they pause (300 ms). "/" outside
 * a field moves the cursor into it.
 */
export function SearchInput(props: { value: string; onSearch: (value: string) => void; label: string }) {
  const [text, setText] = useState(props.value);
  const [debounced] = useDebouncedValue(text, 300);
  const input = useRef<HTMLInputElement>(null);
  const { value, onSearch } = props;
  useEffect(() => {
    if (debounced !== value) onSearch(debounced);
  }, [debounced, value, onSearch]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A dialog or drawer over the list keeps its keys.
      if (!isSearchShortcut(event) || document.querySelector('[role="dialog"]')) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <TextInput
      ref={input}
      leftSection={<IconSearch size={16} />}
      placeholder={props.label}
      aria-label={props.label}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      w={{ base: '100%', xs: 260 }}
    />
  );
}
