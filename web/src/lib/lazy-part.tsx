import { type ComponentType, lazy, type ReactNode, useEffect, useState } from "react";

/**
 * A component whose chunk is loaded when first shown, or earlier by `preload` (a screen of the
 * router, a part of a slot). Once its chunk is here it renders at once: React.lazy alone would
 * still suspend for a moment, and React holds a revealed Suspense boundary back for up to 300 ms.
 */
export type LazyPart<Props extends object> = ((props: Props) => ReactNode) & Preloadable;
export type Preloadable = { preload: () => Promise<unknown>; loaded: () => boolean };

export function lazyPart<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>): LazyPart<Props> {
  let found: ComponentType<Props> | undefined;
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const loadOnce = () =>
    (loading ??= load().then((module) => {
      found = module.default;
      return module;
    }));
  const Lazy = lazy(loadOnce);
  function Part(props: Props) {
    const Found = found;
    return Found ? <Found {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Part, { preload: loadOnce, loaded: () => found !== undefined });
}

/** Whether every one of these parts is here; asks for those that are not. */
export function usePartsLoaded(parts: readonly Preloadable[]): boolean {
  const [, loadedOne] = useState(0);
  const missing = parts.filter((part) => !part.loaded());
  useEffect(() => {
    let open = true;
    void Promise.all(missing.map((part) => part.preload())).then(() => open && loadedOne((count) => count + 1));
    return () => void (open = false);
    // The parts are a list fixed for the app's life (a slot's, a page's).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [missing.length]);
  return missing.length === 0;
}
