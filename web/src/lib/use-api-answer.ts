import { useEffect, useState } from "react";
import { type ApiFailure, callApi, failureOf } from "./api-client.ts";

/**
 * A GET answer a screen shows: `answer` is undefined while it loads, `failure` says why it could
 * not. A null path asks nothing. A new path asks again from nothing; a new `version` asks again
 * while the previous answer stays on screen.
 */
export function useApiAnswer<T>(path: string | null, version: number | string = 0): { answer?: T; failure?: ApiFailure } {
  const [loaded, setLoaded] = useState<{ path: string; answer?: T; failure?: ApiFailure } | null>(null);
  useEffect(() => {
    if (path === null) return;
    let current = true;
    callApi<T>(path)
      .then((answer) => current && setLoaded({ path, answer }))
      .catch((error: unknown) => current && setLoaded({ path, failure: failureOf(error) }));
    return () => {
      current = false;
    };
  }, [path, version]);
  if (!loaded || loaded.path !== path) return {};
  return { answer: loaded.answer, failure: loaded.failure };
}
