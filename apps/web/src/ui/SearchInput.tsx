import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/** A list's search box: it answers as the person types, but asks the server only once they pause (300 ms). */
export function SearchInput(props: { value: string; onSearch: (value: string) => void; label: string }) {
  const [text, setText] = useState(props.value);
  const [debounced] = useDebouncedValue(text, 300);
  const { value, onSearch } = props;
  useEffect(() => {
    if (debounced !== value) onSearch(debounced);
  }, [debounced, value, onSearch]);
  return (
    <TextInput
      leftSection={<IconSearch size={16} />}
      placeholder={props.label}
      aria-label={props.label}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      w={{ base: '100%', xs: 260 }}
    />
  );
}
