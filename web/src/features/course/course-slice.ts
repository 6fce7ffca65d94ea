import { createAction, createAsyncThunk, createSlice } from "@reduxjs/toolkit";
import type { CourseModule, SubscriptionPlan } from "../../../../contract/catalogue.ts";
import { callApi, failureOf } from "../../lib/api-client.ts";
import { type LibraryState, loadLibrary } from "../library/library-slice.ts";
import { buildModuleTree, type ModuleNode } from "./module-tree.ts";

export type CourseObject = {
  courseTitle: string;
  course_id: number;
  course_access: boolean;
  subscription_plans: SubscriptionPlan[];
  nestedData: ModuleNode[];
};

export type SelectedCourseState = {
  selectedCourse: CourseModule[] | null;
  courseObject: CourseObject | null;
  status: "idle" | "loading" | "loaded" | "failed";
  failure: string | null;
};

const initialState: SelectedCourseState = { selectedCourse: null, courseObject: null, status: "idle", failure: null };

export const courseSelected = createAction<{ modules: CourseModule[]; courseObject: CourseObject }>("SELECT_COURSE");

/**
 * Fetches a course's modules and makes it the selected course (SPEC §4: View Course, Course
 * Preview and Purchase all do this). The library is loaded first when a shared link or a reload
 * lands here directly, so the title and plans are known.
 */
export const openCourse = createAsyncThunk<boolean, number, { state: { library: LibraryState } }>(
  "course/open",
  async (courseId, { dispatch, getState }) => {
    try {
      if (getState().library.status !== "loaded") await dispatch(loadLibrary());
      const course = getState().library.courseListArray.find((candidate) => candidate.id === courseId);
      const modules = await callApi<CourseModule[]>("/reactapi/getcoursemodules", { body: { query: courseId } });
      let nestedData: ModuleNode[] = [];
      try {
        nestedData = buildModuleTree(modules);
      } catch (error) {
        console.error("The module tree failed to parse", error);
      }
      dispatch(
        courseSelected({
          modules,
          courseObject: {
            courseTitle: course?.course_title ?? "Course",
            course_id: courseId,
            course_access: course?.course_access ?? false,
            subscription_plans: course?.subscription_plans ?? [],
            nestedData,
          },
        }),
      );
      return true;
    } catch (error) {
      console.error("Loading the course modules failed", error);
      throw new Error(failureOf(error).status === 404 ? "This course no longer exists." : "We could not load this course. Please try again.");
    }
  },
);

const courseSlice = createSlice({
  name: "selectedCourse",
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(openCourse.pending, (state) => {
        state.status = "loading";
        state.failure = null;
      })
      .addCase(openCourse.rejected, (state, action) => {
        state.status = "failed";
        state.failure = action.error.message ?? "We could not load this course.";
      })
      .addCase(courseSelected, (state, action) => {
        state.selectedCourse = action.payload.modules;
        state.courseObject = action.payload.courseObject;
        state.status = "loaded";
      });
  },
});

export const selectedCourseReducer = courseSlice.reducer;
