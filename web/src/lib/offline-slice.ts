import { createSlice, isAnyOf } from "@reduxjs/toolkit";
import { useSelector } from "react-redux";
import { loadProfile, logoutMember, resumeOffline } from "./session.ts";

/** Whether the app was opened without a network, as the member whose lessons are saved here. */
export type OfflineState = { openedOffline: boolean };

const offlineSlice = createSlice({
  name: "offline",
  initialState: { openedOffline: false } as OfflineState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(resumeOffline.fulfilled, (state) => {
        state.openedOffline = true;
      })
      // Back online with the server's answer, or signed out: the saved copies are no longer the session.
      .addMatcher(isAnyOf(loadProfile.fulfilled, logoutMember.fulfilled, logoutMember.rejected), (state) => {
        state.openedOffline = false;
      });
  },
});

export const offlineReducer = offlineSlice.reducer;

/** Whether the app opened without a network, as the member whose lessons are saved here. */
export function useOpenedOffline(): boolean {
  return useSelector((state: { offline: OfflineState }) => state.offline.openedOffline);
}
