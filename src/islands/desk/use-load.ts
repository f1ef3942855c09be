import { useCallback, useEffect, useState } from 'react';
import { isUnauthorized } from '../../lib/desk-api';

/** A list being loaded: its data once loaded, whether it failed, and how to load it again. */
export interface Loaded<T> {
  data: T | undefined;
  setData: (update: (data: T) => T) => void;
  failed: boolean;
  reload: () => void;
}

/**
 * Loads data with `load` when the view opens and whenever `key` changes; a 401 goes to `onUnauthorized`
 * (the desk returns to sign-in), any other failure sets `failed` (the view offers "Try again").
 */
export function useLoad<T>(load: () => Promise<T>, key: string, onUnauthorized: (error: unknown) => void): Loaded<T> {
  const [data, setState] = useState<T>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setFailed(false);
    setState(undefined);
    load().then(
      (value) => live && setState(value),
      (error: unknown) => {
        if (!live) return;
        if (isUnauthorized(error)) onUnauthorized(error);
        else setFailed(true);
      },
    );
    return () => {
      live = false;
    };
    // `load` and `onUnauthorized` are new each render; `key` and `attempt` say when to load again.
  }, [key, attempt]);

  const setData = useCallback((update: (data: T) => T) => setState((current) => (current === undefined ? current : update(current))), []);
  return { data, setData, failed, reload: () => setAttempt((count) => count + 1) };
}
