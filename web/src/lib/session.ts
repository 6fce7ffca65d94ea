import { createAsyncThunk, createSlice, isAnyOf, type PayloadAction } from "@reduxjs/toolkit";
import { useSelector } from "react-redux";
import type { LoginRequest, Profile, RegisterRequest } from "../../../contract/sign-in.ts";
import { signedInHintCookie } from "../../../contract/constants.ts";
import { type ApiFailure, call, failureOf } from "./api.ts";
import { forgetOfflineCopies, hasOfflineCopies } from "./offline-cache.ts";

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

/** A thunk whose failure carries the API's status and text (docs/product.md, Error catalogue). */
function apiThunk<Returned, Argument>(
  type: string,
  call: (argument: Argument, dispatch: (action: unknown) => unknown) => Promise<Returned>,
) {
  return createAsyncThunk<Returned, Argument, { rejectValue: ApiFailure }>(type, async (argument, { dispatch, rejectWithValue }) => {
    try {
      return await call(argument, dispatch as (action: unknown) => unknown);
    } catch (error) {
      return rejectWithValue(failureOf(error));
    }
  });
}

/** Her profile, asked now or, when the session check asked for it beside itself, that answer. */
export const loadProfile = apiThunk<Profile, Promise<Profile> | void>("session/loadProfile", async (alreadyAsked) => {
  const profile = await (alreadyAsked ?? call("me"));
  // Lessons another member saved on this phone go. Not awaited: opening Cache Storage can take a
  // few hundred milliseconds, and every reader of saved lessons already checks whose they are.
  void forgetOtherMembersCopies(profile.id);
  return profile;
});

export const registerMember = apiThunk<Profile, RegisterRequest>("session/register", (payload) => call("register", { body: payload }));

// Login and verification are each followed by a profile load (docs/product.md, States).
export const loginMember = apiThunk<Profile, LoginRequest>("session/login", async (payload, dispatch) => {
  const profile = await call("login", { body: payload });
  void dispatch(loadProfile());
  return profile;
});

export const verifySession = apiThunk<unknown, void>("session/verify", async (_, dispatch) => {
  // The profile is asked beside the check, not after it: on a phone that is a round trip less
  // before her page. It is kept only when the check succeeds.
  const check = call("verify");
  const profile = call("me");
  profile.catch(() => undefined);
  let answer: unknown;
  try {
    answer = await check;
  } catch (error) {
    const { status } = failureOf(error);
    // No network: open as the member who saved lessons here, if any. A session that has ended
    // takes everything this device kept for her along.
    if (status === 0) await dispatch(resumeOffline());
    if (status === 401) await forgetWhatThisDeviceKept();
    throw error;
  }
  void dispatch(loadProfile(profile));
  return answer;
});

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
export const resumeOffline = createAsyncThunk<Profile, void>("session/resumeOffline", async () => {
  // The check keeps the saved-lessons code from loading on a phone that has none.
  const member = (await hasOfflineCopies()) ? await (await import("./saved-lessons.ts")).offlineMember() : null;
  if (!member) throw new Error("Nothing is saved for offline on this device.");
  return member;
});

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

// What this device kept for her goes first, even when the server cannot be reached to end the session.
export const logoutMember = apiThunk<unknown, void>("session/logout", async () => {
  await forgetWhatThisDeviceKept();
  return call("logout");
});

const sessionSlice = createSlice({
  name: "session",
  initialState: initialSessionState,
  reducers: {
    registrationAcknowledged(state) {
      state.registered = false;
    },
    /** Her profile as the server answered after she changed it on /account. */
    profileChanged(state, action: PayloadAction<Profile>) {
      state.user = action.payload;
    },
    /** Ends the start-up check like a rejected verification, without asking the server. */
    noSessionToVerify(state) {
      state.loading = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(registerMember.fulfilled, (state) => {
        state.loading = false;
        state.registered = true;
        state.error = null;
      })
      .addCase(registerMember.rejected, (state, action) => {
        state.loading = false;
        state.error = action.payload ?? { status: 0 };
      })
      // Both are followed by a profile load, whose answer ends loading.
      .addCase(loginMember.fulfilled, (state) => {
        state.isAuthenticated = true;
      })
      .addCase(verifySession.fulfilled, (state) => {
        state.isAuthenticated = true;
      })
      .addCase(loadProfile.fulfilled, (state, action) => {
        state.loading = false;
        state.user = action.payload;
      })
      .addCase(resumeOffline.pending, (state) => {
        state.loading = true;
      })
      .addCase(resumeOffline.fulfilled, (state, action) => {
        state.loading = false;
        state.isAuthenticated = true;
        state.user = action.payload;
      })
      .addCase(resumeOffline.rejected, (state) => {
        state.loading = false;
      })
      // Offline, the server cannot be told; the page forgets the member all the same.
      .addMatcher(isAnyOf(logoutMember.fulfilled, logoutMember.rejected), (state) => {
        state.loading = false;
        state.isAuthenticated = false;
        state.user = null;
      })
      .addMatcher(isAnyOf(loginMember.rejected, verifySession.rejected, loadProfile.rejected, logoutMember.rejected), (state) => {
        state.loading = false;
      })
      .addMatcher(
        isAnyOf(registerMember.pending, loginMember.pending, verifySession.pending, loadProfile.pending, logoutMember.pending),
        (state) => {
          state.loading = true;
        },
      );
  },
});

export const { registrationAcknowledged, noSessionToVerify, profileChanged } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

type WithSession = { session: SessionState };

/** The session state, for any screen. */
export function useSession(): SessionState {
  return useSelector((state: WithSession) => state.session);
}
