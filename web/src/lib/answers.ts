import { createAsyncThunk, createSlice, type PayloadAction, type ThunkDispatch, type UnknownAction } from "@reduxjs/toolkit";
import { useCallback, useEffect } from "react";
import { shallowEqual, useDispatch, useSelector } from "react-redux";
import { type AnswerOf, type ApiFailure, type ArgsOf, call, type EndpointName, failureOf, invalidatedBy } from "./api.ts";

// The one way a screen reads server data: answers kept in the store by endpoint and arguments,
// asked once however many screens want them, shown again at once on the next visit, and asked
// anew when a call that changes them succeeds (the contract entry's `invalidates`) or when they
// are older than a minute.

export type AnswerEntry = {
  status: "loading" | "ready" | "failed";
  answer?: unknown;
  failure?: ApiFailure;
  /** When the answer came (Date.now()), for its freshness. */
  answeredAt?: number;
  /** A change made it out of date: it stays on screen while it is asked again. */
  stale?: boolean;
  /** The asking on its way; an answer to any other (one asked for the person signed in before) is dropped. */
  requestId?: string;
};
export type AnswersState = Record<string, AnswerEntry>;
type WithAnswers = { answers: AnswersState };
type Dispatch = ThunkDispatch<WithAnswers, unknown, UnknownAction>;

const FRESH_FOR_MS = 60_000;

export const answerKey = (name: EndpointName, args: unknown) => `${name} ${JSON.stringify(args ?? {})}`;

export type Asked = { name: EndpointName; args?: unknown; force?: boolean };

/** Asks for an answer unless one is on its way, or is here and fresh (force asks anyway). */
export const ask = createAsyncThunk<unknown, Asked, { state: WithAnswers; rejectValue: ApiFailure }>(
  "answers/ask",
  async ({ name, args }, { rejectWithValue }) => {
    try {
      return await call(name, ...([args] as ArgsOf<typeof name>));
    } catch (error) {
      return rejectWithValue(failureOf(error));
    }
  },
  {
    condition: ({ name, args, force }, { getState }) => {
      const entry = getState().answers[answerKey(name, args)];
      if (!entry) return true;
      if (entry.status === "loading") return false;
      if (force || entry.stale || entry.status === "failed") return true;
      return Date.now() - (entry.answeredAt ?? 0) > FRESH_FOR_MS;
    },
  },
);

const answersSlice = createSlice({
  name: "answers",
  initialState: {} as AnswersState,
  reducers: {
    /** The answers of these endpoints (any arguments) are out of date. */
    answersInvalidated(state, action: PayloadAction<readonly string[]>) {
      for (const [key, entry] of Object.entries(state)) {
        if (action.payload.includes(key.slice(0, key.indexOf(" ")))) entry.stale = true;
      }
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(ask.pending, (state, action) => {
        const key = answerKey(action.meta.arg.name, action.meta.arg.args);
        state[key] = { ...state[key], status: "loading", requestId: action.meta.requestId };
      })
      .addCase(ask.fulfilled, (state, action) => {
        const key = answerKey(action.meta.arg.name, action.meta.arg.args);
        if (state[key]?.requestId !== action.meta.requestId) return;
        state[key] = { status: "ready", answer: action.payload, answeredAt: Date.now() };
      })
      .addCase(ask.rejected, (state, action) => {
        const key = answerKey(action.meta.arg.name, action.meta.arg.args);
        // Asked for the person signed in before: nothing to record.
        if (state[key]?.requestId !== action.meta.requestId) return;
        // An answer she already sees stays; the failure is reported beside it.
        state[key] = { ...state[key], status: "failed", failure: action.payload ?? { status: 0 }, stale: false };
      });
  },
});

export const { answersInvalidated } = answersSlice.actions;
export const answersReducer = answersSlice.reducer;

export type Answer<Name extends EndpointName> = {
  /** The latest answer; it stays while a newer one is asked for. */
  answer?: AnswerOf<Name>;
  /** Why the last asking failed, when it did. */
  failure?: ApiFailure;
  /** Whether an asking is on its way. */
  loading: boolean;
  /** Asks again now. */
  refresh: () => void;
};

/**
 * The answer of an endpoint for a screen. `skip` asks nothing (and returns nothing) until a
 * screen knows what to ask; the answer's type is the contract entry's.
 */
export function useAnswer<Name extends EndpointName>(name: Name, args?: ArgsOf<Name>[0], { skip = false } = {}): Answer<Name> {
  const dispatch = useDispatch<Dispatch>();
  const key = answerKey(name, args);
  const entry = useSelector((state: WithAnswers) => (skip ? undefined : state.answers[key]));
  const stale = entry?.stale ?? false;
  // Gone when the person signed in changed: a screen still open asks again, as its new reader.
  const missing = entry === undefined;
  useEffect(() => {
    if (!skip) void dispatch(ask({ name, args }));
    // The key stands for name and args.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, key, skip, stale, missing]);
  const refresh = useCallback(() => void dispatch(ask({ name, args, force: true })), [dispatch, key]); // eslint-disable-line react-hooks/exhaustive-deps
  if (skip) return { loading: false, refresh };
  return {
    answer: entry?.answer as AnswerOf<Name> | undefined,
    failure: entry?.status === "failed" ? entry.failure : undefined,
    loading: entry === undefined || entry.status === "loading",
    refresh,
  };
}

/**
 * The answers of several endpoints that take no arguments, for a screen composed of parts (its
 * slots, web/src/lib/slots.tsx) that each read one: the same as useAnswer for each, in one hook.
 */
export function useAnswers(names: readonly EndpointName[]): Answer<EndpointName>[] {
  const dispatch = useDispatch<Dispatch>();
  const entries = useSelector((state: WithAnswers) => names.map((name) => state.answers[answerKey(name, undefined)]), shallowEqual);
  // Asked again, as by useAnswer, when one is missing (the person changed) or out of date.
  const signature = entries.map((entry) => (entry === undefined ? "missing" : entry.stale ? "stale" : "kept")).join();
  const listed = names.join();
  useEffect(() => {
    for (const name of names) void dispatch(ask({ name }));
    // The listed names stand for names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, listed, signature]);
  return entries.map((entry, index) => ({
    answer: entry?.answer as AnswerOf<EndpointName> | undefined,
    failure: entry?.status === "failed" ? entry.failure : undefined,
    loading: entry === undefined || entry.status === "loading",
    refresh: () => void dispatch(ask({ name: names[index]!, force: true })),
  }));
}

/**
 * Calls an endpoint that changes something and, once it succeeds, marks the answers it changes
 * out of date, so every screen showing them asks again.
 */
export function send<Name extends EndpointName>(name: Name, ...args: ArgsOf<Name>) {
  return async (dispatch: Dispatch): Promise<AnswerOf<Name>> => {
    const answer = await call(name, ...args);
    const changed = invalidatedBy(name);
    if (changed.length > 0) dispatch(answersInvalidated(changed));
    return answer;
  };
}

/** send, for a component: `await sendCall("markMessageRead", {...})`. */
export function useSend() {
  const dispatch = useDispatch<Dispatch>();
  return useCallback(<Name extends EndpointName>(name: Name, ...args: ArgsOf<Name>) => dispatch(send(name, ...args)), [dispatch]);
}
