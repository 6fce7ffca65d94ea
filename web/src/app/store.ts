import { combineReducers, configureStore, type UnknownAction } from "@reduxjs/toolkit";
import { answersReducer } from "../lib/answers.ts";
import { offlineReducer } from "../lib/offline-slice.ts";
import { loginMember, logoutMember, type SessionState, sessionReducer } from "../lib/session.ts";

const combinedReducer = combineReducers({
  session: sessionReducer,
  offline: offlineReducer,
  answers: answersReducer,
});

export type RootState = ReturnType<typeof combinedReducer>;

// Whether the action changes who the answers are for: a logout or a sign-in starting, or the
// signed-in person becoming someone else or nobody (a session that ended). The check at start-up
// (nobody → her) keeps the answers asked beside it: they were asked with her cookie.
function changesWhoIsHere(before: SessionState, after: SessionState, action: UnknownAction): boolean {
  if (logoutMember.pending.match(action) || loginMember.pending.match(action)) return true;
  if (before.user === null) return false;
  return after.user?.id !== before.user.id || !after.isAuthenticated;
}

/**
 * Every answer kept for the person before goes in the same step that changes who is signed in,
 * so the next screen renders nothing of hers on a shared phone or tablet (an answer still on
 * its way is dropped by the answers' own bookkeeping, web/src/lib/answers.ts).
 */
function rootReducer(state: Partial<RootState> | undefined, action: UnknownAction): RootState {
  const next = combinedReducer(state, action);
  if (state?.session === undefined || !changesWhoIsHere(state.session, next.session, action)) return next;
  return { ...next, answers: {} };
}

export function createStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

export type AppStore = ReturnType<typeof createStore>;
