import { useCallback, useEffect } from "react";
import { type AnswerOf, type ApiFailure, type ArgsOf, attempt, call, type EndpointName, invalidatedBy, type Outcome } from "./api.ts";
import { type Action, useAppDispatch, useSharedInSlices } from "./store-hooks.ts";

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

declare module "./store-hooks.ts" {
  interface SharedState {
    answers: AnswersState;
  }
}

const FRESH_FOR_MS = 60_000;

export const answerKey = (name: EndpointName, args: unknown) => `${name} ${JSON.stringify(args ?? {})}`;

export type Asked = { name: EndpointName; args?: unknown; force?: boolean };

/** Whether an answer is worth asking: none is on its way, and the one here is missing, out of date or forced. */
function worthAsking(entry: AnswerEntry | undefined, force = false): boolean {
  if (!entry) return true;
  if (entry.status === "loading") return false;
  if (force || entry.stale || entry.status === "failed") return true;
  return Date.now() - (entry.answeredAt ?? 0) > FRESH_FOR_MS;
}

let askings = 0;

/**
 * Asks for an answer unless one is on its way, or is here and fresh (force asks anyway): how the
 * asking ended, or "kept" when nothing was asked.
 */
export const ask =
  ({ name, args, force }: Asked): Action<Promise<Outcome<unknown> | "kept">> =>
  async (store) => {
    const key = answerKey(name, args);
    if (!worthAsking(store.getState().answers[key], force)) return "kept";
    const requestId = String(++askings);
    const record = (entry: (before: AnswerEntry | undefined) => AnswerEntry) =>
      store.update(({ answers }) => (answers[key]?.requestId === requestId ? { answers: { ...answers, [key]: entry(answers[key]) } } : {}));
    store.update(({ answers }) => ({ answers: { ...answers, [key]: { ...answers[key], status: "loading", requestId } } }));
    const outcome = await attempt(() => call(name, ...([args] as ArgsOf<typeof name>)));
    // Asked for the person signed in before (the answers were dropped since): nothing is recorded.
    if (outcome.ok) record(() => ({ status: "ready", answer: outcome.value, answeredAt: Date.now() }));
    // An answer she already sees stays; the failure is reported beside it.
    else record((before) => ({ ...before, status: "failed", failure: outcome.failure, stale: false }));
    return outcome;
  };

/** The answers of these endpoints (any arguments) are out of date: they stay on screen while asked again. */
export const answersInvalidated =
  (names: readonly string[]): Action<void> =>
  (store) =>
    store.update(({ answers }) => {
      const changed = Object.entries(answers).filter(([key]) => names.includes(key.slice(0, key.indexOf(" "))));
      if (changed.length === 0) return {};
      return { answers: { ...answers, ...Object.fromEntries(changed.map(([key, entry]) => [key, { ...entry, stale: true }])) } };
    });

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
  const dispatch = useAppDispatch();
  const key = answerKey(name, args);
  const entry = useSharedInSlices((state) => (skip ? undefined : state.answers[key]));
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
  const dispatch = useAppDispatch();
  const answers = useSharedInSlices((state) => state.answers);
  const entries = names.map((name) => answers[answerKey(name, undefined)]);
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
export function send<Name extends EndpointName>(name: Name, ...args: ArgsOf<Name>): Action<Promise<AnswerOf<Name>>> {
  return async (store) => {
    const answer = await call(name, ...args);
    const changed = invalidatedBy(name);
    if (changed.length > 0) store.dispatch(answersInvalidated(changed));
    return answer;
  };
}

/** send, for a component: `await sendCall("markMessageRead", {...})`. */
export function useSend() {
  const dispatch = useAppDispatch();
  return useCallback(<Name extends EndpointName>(name: Name, ...args: ArgsOf<Name>) => dispatch(send(name, ...args)), [dispatch]);
}
