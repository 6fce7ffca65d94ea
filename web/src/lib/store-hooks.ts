import type { ThunkDispatch, UnknownAction } from "@reduxjs/toolkit";
import { useDispatch } from "react-redux";
import type { AnswersState } from "./answers.ts";
import type { OfflineState } from "./offline-slice.ts";
import type { SessionState } from "./session.ts";

/** The state every screen may read: who is signed in, whether the app opened offline, and the answers it holds. */
export type SharedState = { session: SessionState; offline: OfflineState; answers: AnswersState };

/** The store's dispatch, which runs thunks. */
export const useAppDispatch = useDispatch.withTypes<ThunkDispatch<SharedState, unknown, UnknownAction>>();
