/** Loads data for a screen: {data, error, loading}, reloaded when `key` changes. */
import { useEffect, useState } from 'react';

export function useLoad<T>(key: string, load: () => Promise<T>): { data: T | null; error: string | null; loading: boolean } {
  const [state, setState] = useState<{ key: string; data: T | null; error: string | null }>({ key: '', data: null, error: null });
  useEffect(() => {
    let live = true;
    load().then(
      (data) => { if (live) setState({ key, data, error: null }); },
      (err: Error) => { if (live) setState({ key, data: null, error: err.message }); },
    );
    return () => { live = false; };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const current = state.key === key;
  return { data: current ? state.data : null, error: current ? state.error : null, loading: !current };
}
