import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';

type Value = string | number | boolean | undefined;

/**
 * A list's filters, page and sort kept in the address bar, so a reload, a shared link or the back button show the
 * same rows. Values missing from the URL take the defaults; changing a filter goes back to page 1.
 */
export function useUrlState<T extends Record<string, Value>>(defaults: T) {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const state = useMemo(() => {
    const result: Record<string, Value> = { ...defaults };
    for (const [key, fallback] of Object.entries(defaults)) {
      const raw = search[key];
      if (raw === undefined || raw === '') continue;
      if (typeof fallback === 'number') result[key] = Number(raw) || fallback;
      else if (typeof fallback === 'boolean') result[key] = raw === true || raw === 'true';
      else result[key] = String(raw);
    }
    return result as T;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- defaults are a literal per page
  }, [search]);
  const set = useCallback(
    (change: Partial<T>) => {
      const next: Record<string, Value> = { ...state, ...change };
      if (!('page' in change) && 'page' in defaults) next.page = defaults.page;
      const clean: Record<string, Value> = {};
      for (const [key, value] of Object.entries(next)) {
        if (value !== undefined && value !== '' && value !== defaults[key]) clean[key] = value;
      }
      void navigate({ to: '.', search: clean, replace: true });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- defaults are a literal per page
    [state, navigate],
  );
  return [state, set] as const;
}
