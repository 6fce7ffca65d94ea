import type { Profile } from "../../../contract/sign-in.ts";
import { signedInHintCookie } from "../../../contract/constants.ts";
import { type ApiFailure, attempt, call, type Outcome } from "./api.ts";
import { forgetOfflineCopies, hasOfflineCopies } from "./offline-cache.ts";
import { markOpenedOffline } from "./offline-state.ts";
import { type Action, type Store, useShared } from "./store-hooks.ts";

declare module "./store-hooks.ts" {
  interface SharedState {
    session: SessionState;
  }
}

/** The session state (docs/product.md, Client state). */
export type SessionState = {
  isAuthenticated: boolean;
  user: Profile | null;
  loading: boolean;
  registered: boolean;
  error: ApiFailure | null;
};

// loading starts true because the app checks the session as soon as it starts (docs/product.md, States: "On start
// the app loads the current user once"); a protected screen shows its spinner until that answer.
export const initialSessionState: SessionState = { isAuthenticated: false, user: null, loading: true, registered: false, error: null };

/**
 * Changes the session, and with it drops every answer kept for the person before when it changes
 * who is here (the signed-in person becoming someone else or nobody), so the next screen renders
 * nothing of hers on a shared phone or tablet (an answer still on its way is dropped by the
 * answers' own bookkeeping, web/src/lib/answers.ts). The check at start-up (nobody → her) keeps
 * the answers asked beside it: they were asked with her cookie.
 */
export function changeSession(store: Store, change: Partial<SessionState>, { whoIsHereChanges = false } = {}) {
  store.update(({ session: before }) => {
    const session = { ...before, ...change };
    const otherPerson = before.user !== null && (session.user?.id !== before.user.id || !session.isAuthenticated);
    return whoIsHereChanges || otherPerson ? { session, answers: {} } : { session };
  });
}

/** Her profile, asked now or, when the session check asked for it beside itself, that answer. */
export const loadProfile =
  (alreadyAsked?: Promise<Profile>): Action<Promise<Outcome<Profile>>> =>
  async (store) => {
    changeSession(store, { loading: true });
    const outcome = await attempt(() => alreadyAsked ?? call("me"));
    if (!outcome.ok) {
      changeSession(store, { loading: false });
      return outcome;
    }
    // Lessons another member saved on this phone go. Not awaited: opening Cache Storage can take a
    // few hundred milliseconds, and every reader of saved lessons already checks whose they are.
    void forgetOtherMembersCopies(outcome.value.id);
    changeSession(store, { loading: false, user: outcome.value });
    // Back online with the server's answer: the saved copies are no longer the session.
    markOpenedOffline(store, false);
    return outcome;
  };

export const verifySession = (): Action<Promise<Outcome<unknown>>> => async (store) => {
  changeSession(store, { loading: true });
  // The profile is asked beside the check, not after it: on a phone that is a round trip less
  // before her page. It is kept only when the check succeeds.
  const check = attempt(() => call("verify"));
  const profile = call("me");
  profile.catch(() => undefined);
  const outcome = await check;
  if (!outcome.ok) {
    // No network: open as the member who saved lessons here, if any. A session that has ended
    // takes everything this device kept for her along.
    if (outcome.failure.status === 0) await store.dispatch(resumeOffline());
    if (outcome.failure.status === 401) await forgetWhatThisDeviceKept();
    changeSession(store, { loading: false });
    return outcome;
  }
  void store.dispatch(loadProfile(profile));
  changeSession(store, { isAuthenticated: true });
  return outcome;
};

/**
 * Forgets what this device kept for her (web/src/lib/device-data.ts), loaded when needed: every
 * first visit is spared its bytes, and the service worker keeps the chunk for a logout offline.
 */
async function forgetWhatThisDeviceKept(): Promise<void> {
  // Should even the chunk fail to load, the saved lessons go all the same.
  await import("./device-data.ts").then((module) => module.forgetWhatThisDeviceKept(), forgetOfflineCopies);
}

async function forgetOtherMembersCopies(memberId: number): Promise<void> {
  try {
    if (await hasOfflineCopies()) await (await import("./saved-lessons.ts")).keepOnlyFor(memberId);
  } catch (error) {
    console.error("Clearing another member's saved lessons failed", error);
  }
}

/** Opens the app without a network as the member whose lessons are saved on this phone. */
export const resumeOffline = (): Action<Promise<void>> => async (store) => {
  changeSession(store, { loading: true });
  try {
    // The check keeps the saved-lessons code from loading on a phone that has none.
    const member = (await hasOfflineCopies()) ? await (await import("./saved-lessons.ts")).offlineMember() : null;
    if (member) {
      changeSession(store, { loading: false, isAuthenticated: true, user: member });
      markOpenedOffline(store, true);
      return;
    }
  } catch (error) {
    console.error("Reading the lessons saved on this device failed", error);
  }
  changeSession(store, { loading: false });
};

/**
 * Whether the browser holds the server's signed-in hint (contract/constants.ts). Without it there
 * is no session to verify, and the check would only log a 401 in the console of every visitor.
 */
export function mayHaveSession(cookies: string): boolean {
  return cookies.split(";").some((cookie) => cookie.trim().startsWith(`${signedInHintCookie}=`));
}

/** On start the app checks the session once, when there can be one (docs/product.md, States). */
export function checkSessionOnStart(cookies: string) {
  return mayHaveSession(cookies) ? verifySession() : noSessionToVerify();
}

/** Ends the start-up check like a failed verification, without asking the server. */
export const noSessionToVerify = (): Action<void> => (store) => changeSession(store, { loading: false });

// What this device kept for her goes first, even when the server cannot be reached to end the
// session; offline, the server cannot be told, and the page forgets her all the same.
export const logoutMember = (): Action<Promise<Outcome<unknown>>> => async (store) => {
  changeSession(store, { loading: true }, { whoIsHereChanges: true });
  const outcome = await attempt(async () => {
    await forgetWhatThisDeviceKept();
    return call("logout");
  });
  changeSession(store, { loading: false, isAuthenticated: false, user: null });
  markOpenedOffline(store, false);
  return outcome;
};

/** Her profile as the server answered after she changed it on /account. */
export const profileChanged =
  (profile: Profile): Action<void> =>
  (store) =>
    changeSession(store, { user: profile });

/** The session state, for any screen. */
export function useSession(): SessionState {
  return useShared((state) => state.session);
}
