import { initialOfflineState } from "../lib/offline-state.ts";
import { initialSessionState } from "../lib/session.ts";
import { makeStore, type SharedState, type Store } from "../lib/store-hooks.ts";

/** The app's store, as it starts (or with the parts a test or the build's prerender gives it). */
export function createStore(preloadedState?: Partial<SharedState>): Store {
  return makeStore({ session: initialSessionState, offline: initialOfflineState, answers: {}, ...preloadedState });
}
