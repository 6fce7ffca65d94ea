import { createContext, useCallback, useContext, useSyncExternalStore } from "react";

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
 * The app's one store. React's own useSyncExternalStore keeps every screen in step with it; the
 * state is replaced, never changed in place, so a screen renders again only when its part did.
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
 */
export function useShared<Part>(select: (state: SharedState) => Part): Part {
  const store = useStore();
  const read = () => select(store.getState());
  return useSyncExternalStore(store.subscribe, read, read);
}

/** Runs an action on the app's store. */
export function useAppDispatch(): Store["dispatch"] {
  const store = useStore();
  return useCallback((action) => store.dispatch(action), [store]);
}
