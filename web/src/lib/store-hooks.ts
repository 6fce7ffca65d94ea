import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useReducer,
  useRef,
  useSyncExternalStore,
} from "react";

/**
 * The state every screen may read: who is signed in (lib/session.ts), whether the app opened
 * offline (lib/offline-state.ts), and the answers it holds (lib/answers.ts). Each of those modules
 * adds its part here by declaration merging, so the store itself depends on none of them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface SharedState {}

/**
 * Something the app does to the shared state: a change, or a call to the server whose steps change
 * it (web/src/lib/session.ts, answers.ts). `dispatch(action)` runs it and returns what it returns.
 */
export type Action<Result> = (store: Store) => Result;

/**
 * The app's one store. Every screen reading a part of it renders again when that part is
 * replaced (useShared); the state is replaced, never changed in place.
 */
export type Store = {
  getState(): SharedState;
  /** Replaces the parts `change` returns (none: nothing happens) and tells every reader. */
  update(change: (state: SharedState) => Partial<SharedState>): void;
  subscribe(listener: () => void): () => void;
  dispatch<Result>(action: Action<Result>): Result;
};

export function makeStore(initial: SharedState): Store {
  let state = initial;
  const listeners = new Set<() => void>();
  const store: Store = {
    getState: () => state,
    update(change) {
      const parts = change(state);
      if (Object.keys(parts).length === 0) return;
      state = { ...state, ...parts };
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch: (action) => action(store),
  };
  return store;
}

export const StoreContext = createContext<Store | null>(null);

function useStore(): Store {
  const store = useContext(StoreContext);
  if (!store) throw new Error("A screen was rendered outside the app's Providers (web/src/app/providers.tsx)");
  return store;
}

/**
 * A part of the shared state, for a screen: it renders again when that part is replaced. The part
 * must be read from the state as it is (not built anew on each call), or the screen would never settle.
 * A change shows at once, before whatever the code that made it does next (who is signed in: the
 * member pages' gate must see her sign out before the page she goes to next).
 */
export function useShared<Part>(select: (state: SharedState) => Part): Part {
  const store = useStore();
  const read = () => select(store.getState());
  return useSyncExternalStore(store.subscribe, read, read);
}

/**
 * A part of the shared state whose changes render as a transition, which React slices and lets
 * the phone answer between slices: the answers a page waits for. useSyncExternalStore renders
 * every change at once, and an answer arriving while a page loads then held a phone's main thread
 * for 100 ms and more (docs/performance.md). The part is read from the store as each render
 * runs, so a screen never shows another key's answer; if the store changes while a sliced render
 * is under way, the readers it reached are told again and render once more.
 */
export function useSharedInSlices<Part>(select: (state: SharedState) => Part): Part {
  const store = useStore();
  const part = select(store.getState());
  const [, renderAgain] = useReducer((renders: number) => renders + 1, 0);
  const shown = useRef({ select, part });
  useLayoutEffect(() => {
    shown.current = { select, part };
  });
  useEffect(() => {
    const check = () => {
      const { select, part } = shown.current;
      if (!Object.is(select(store.getState()), part)) startTransition(renderAgain);
    };
    // What changed between this screen's render and now.
    check();
    return store.subscribe(check);
  }, [store]);
  return part;
}

/** Runs an action on the app's store. */
export function useAppDispatch(): Store["dispatch"] {
  const store = useStore();
  return useCallback((action) => store.dispatch(action), [store]);
}
