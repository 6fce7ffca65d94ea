import type { LoginRequest, Profile } from "../../../contract/sign-in.ts";
import type { RegisterRequest } from "../../../contract/api.ts";
import { attempt, call, type Outcome } from "./api.ts";
import { changeSession, loadProfile } from "./session.ts";
import type { Action } from "./store-hooks.ts";

// Registering and signing in, apart from the session's other steps (lib/session.ts): only the
// login and registration pages use them, so no other page's first visit downloads them.

export const registerMember =
  (payload: RegisterRequest): Action<Promise<Outcome<Profile>>> =>
  async (store) => {
    changeSession(store, { loading: true });
    const outcome = await attempt(() => call("register", { body: payload }));
    if (outcome.ok) changeSession(store, { loading: false, registered: true, error: null });
    else changeSession(store, { loading: false, error: outcome.failure });
    return outcome;
  };

/**
 * A registration with a link mailed to her (a partner's, her doula's, a team's or a gift's): the
 * server signs her in at once, so she goes where the link leads without the login page.
 */
export const registerInvited =
  (payload: RegisterRequest): Action<Promise<Outcome<Profile>>> =>
  async (store) => {
    changeSession(store, { loading: true }, { whoIsHereChanges: true });
    const outcome = await attempt(() => call("register", { body: payload }));
    if (!outcome.ok) {
      changeSession(store, { loading: false, error: outcome.failure });
      return outcome;
    }
    void store.dispatch(loadProfile(Promise.resolve(outcome.value)));
    changeSession(store, { isAuthenticated: true, error: null });
    return outcome;
  };

// Login and verification are each followed by a profile load (docs/product.md, States), whose
// answer ends loading.
export const loginMember =
  (payload: LoginRequest): Action<Promise<Outcome<Profile>>> =>
  async (store) => {
    changeSession(store, { loading: true }, { whoIsHereChanges: true });
    const outcome = await attempt(() => call("login", { body: payload }));
    if (!outcome.ok) {
      changeSession(store, { loading: false });
      return outcome;
    }
    void store.dispatch(loadProfile());
    changeSession(store, { isAuthenticated: true });
    return outcome;
  };

/** After a registration the login screen acknowledges it once (docs/product.md, States). */
export const registrationAcknowledged = (): Action<void> => (store) => changeSession(store, { registered: false });
