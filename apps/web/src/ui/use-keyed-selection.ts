import { useState } from 'react';

/**
 * The rows of a list chosen for a bulk action, by id. A selection belongs to the key it was made under (a list's
 * filters, across their pages): a new key starts anew, so a bulk action never reaches rows no longer in sight.
 */
export function useKeyedSelection<Row>(key: string) {
  const [selection, setSelection] = useState<{ key: string; rows: Map<string, Row> }>({ key: '', rows: new Map() });
  const selected = selection.key === key ? selection.rows : new Map<string, Row>();
  const setSelected = (next: Map<string, Row>) => setSelection({ key, rows: next });
  return { selected, setSelected };
}
