import { createAsyncThunk, createSlice, isAnyOf } from "@reduxjs/toolkit";
import type { LoginRequest, Profile, RegisterRequest } from "../../../../contract/accounts.ts";
import { type ApiFailure, callApi, failureOf } from "../../lib/api-client.ts";

/** The session state of SPEC §3. */
export type SessionState = {
  isAuthenticated: boolean;
  user: Profile | null;
  loading: boolean;
  registered: boolean;
  error: ApiFailure | null;
};

// loading starts true because the app checks the session as soon as it starts (SPEC §2: "On start
// the app loads the current user once"); a protected screen shows its spinner until that answer.
export const initialSessionState: SessionState = { isAuthenticated: false, user: null, loading: true, registered: false, error: null };

const rejecting = <T,>(call: () => Promise<T>) => async (_: unknown, { rejectWithValue }: { rejectWithValue: (value: ApiFailure) => unknown }) => {
  try {
    return await call();
  } catch (error) {
    return rejectWithValue(failureOf(error)) as never;
  }
};

export const loadProfile = createAsyncThunk<Profile, void, { rejectValue: ApiFailure }>(
  "session/loadProfile",
  rejecting(() => callApi<Profile>("/reactapi/users/me")),
);

export const registerMember = createAsyncThunk<Profile, RegisterRequest, { rejectValue: ApiFailure }>(
  "session/register",
  async (payload, { rejectWithValue }) => {
    try {
      return await callApi<Profile>("/reactapi/users/register", { body: payload, expectStatus: 201 });
    } catch (error) {
      return rejectWithValue(failureOf(error));
    }
  },
);

export const loginMember = createAsyncThunk<Profile, LoginRequest, { rejectValue: ApiFailure }>(
  "session/login",
  async (payload, { dispatch, rejectWithValue }) => {
    try {
      const profile = await callApi<Profile>("/reactapi/users/login", { body: payload, expectStatus: 200 });
      void dispatch(loadProfile());
      return profile;
    } catch (error) {
      return rejectWithValue(failureOf(error));
    }
  },
);

export const verifySession = createAsyncThunk<unknown, void, { rejectValue: ApiFailure }>(
  "session/verify",
  async (_, { dispatch, rejectWithValue }) => {
    try {
      const answer = await callApi("/reactapi/users/verify");
      void dispatch(loadProfile());
      return answer;
    } catch (error) {
      return rejectWithValue(failureOf(error));
    }
  },
);

export const logoutMember = createAsyncThunk<unknown, void, { rejectValue: ApiFailure }>(
  "session/logout",
  rejecting(() => callApi("/reactapi/users/logout")),
);

const sessionSlice = createSlice({
  name: "session",
  initialState: initialSessionState,
  reducers: {
    registrationAcknowledged(state) {
      state.registered = false;
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
      .addCase(logoutMember.fulfilled, (state) => {
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

export const { registrationAcknowledged } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
