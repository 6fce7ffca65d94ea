import { createAction, createAsyncThunk, createSlice } from "@reduxjs/toolkit";
import type { Course, CourseList, SubscriptionPlan, UserAccess } from "../../../../contract/catalogue.ts";
import { callApi } from "../../lib/api-client.ts";

export type LibraryCourse = Omit<Course, "course_access"> & { course_access: boolean };

export type LibraryState = {
  courseListArray: LibraryCourse[];
  subscriptionPlans: SubscriptionPlan[];
  status: "idle" | "loading" | "loaded" | "failed";
};

const initialState: LibraryState = { courseListArray: [], subscriptionPlans: [], status: "idle" };

export const libraryDataLoaded = createAction<{ courses: LibraryCourse[]; subscription_plans: SubscriptionPlan[] }>(
  "FETCH_LIBRARY_DATA_SUCCESS",
);
export const userAccessLoaded = createAction<UserAccess>("FETCH_USER_ACCESS_SUCCESS");

/** SPEC §3: the string "true" becomes true, any other value false. */
export const toLibraryCourse = (course: Course): LibraryCourse => ({ ...course, course_access: String(course.course_access) === "true" });

/**
 * Fetches the courses and asks for the member's access (the answer is not needed by the screen)
 * side by side, then stores both: on a phone each request in a row costs a round trip.
 */
export const loadLibrary = createAsyncThunk("library/load", async (_: void, { dispatch }) => {
  try {
    const [list, access] = await Promise.all([
      callApi<CourseList>("/reactapi/getcourses"),
      callApi<UserAccess>("/reactapi/getuseraccessdata", { body: { query: "course_access" } }).catch(() => null),
    ]);
    if (access) dispatch(userAccessLoaded(access));
    dispatch(libraryDataLoaded({ courses: list.courses.map(toLibraryCourse), subscription_plans: list.subscription_plans }));
    return true;
  } catch (error) {
    // SPEC §8: library failures are only logged.
    console.error("Loading the course library failed", error);
    return false;
  }
});

const librarySlice = createSlice({
  name: "library",
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loadLibrary.pending, (state) => {
        state.status = "loading";
      })
      .addCase(loadLibrary.fulfilled, (state, action) => {
        if (!action.payload) state.status = "failed";
      })
      .addCase(libraryDataLoaded, (state, action) => {
        state.courseListArray = action.payload.courses;
        state.subscriptionPlans = action.payload.subscription_plans;
        state.status = "loaded";
      });
  },
});

export const libraryReducer = librarySlice.reducer;
