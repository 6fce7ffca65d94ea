import { combineReducers, configureStore } from "@reduxjs/toolkit";
import { answersReducer } from "../lib/answers.ts";
import { offlineReducer } from "../lib/offline-slice.ts";
import { sessionReducer } from "../lib/session.ts";

const rootReducer = combineReducers({
  session: sessionReducer,
  offline: offlineReducer,
  answers: answersReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function createStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

export type AppStore = ReturnType<typeof createStore>;
