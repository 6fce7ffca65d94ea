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
  /** The course on its way while status is "loading". */
  loadingCourseId: number | null;
  failure: string | null;
};

const initialState: SelectedCourseState = {
  selectedCourse: null,
  courseObject: null,
  status: "idle",
  loadingCourseId: null,
  failure: null,
};

export const courseSelected = createAction<{ modules: CourseModule[]; courseObject: CourseObject }>("SELECT_COURSE");

/**
 * Fetches a course's modules and makes it the selected course (SPEC §4: View Course, Course
 * Preview and Purchase all do this). When a shared link or a reload lands here directly, the
 * library (for the title and plans) is fetched beside the modules, not before them. A course
 * already on its way is not asked for twice (the app asks at start, the page again on mount).
 */
export const openCourse = createAsyncThunk<boolean, number, { state: { library: LibraryState; selectedCourse: SelectedCourseState } }>(
  "course/open",
  async (courseId, { dispatch, getState }) => {
    try {
      const [modules] = await Promise.all([
        callApi<CourseModule[]>("/reactapi/getcoursemodules", { body: { query: courseId } }),
        getState().library.status === "loaded" ? null : dispatch(loadLibrary()),
      ]);
      const course = getState().library.courseListArray.find((candidate) => candidate.id === courseId);
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
      throw new Error(
        failureOf(error).status === 404 ? "This course no longer exists." : "We could not load this course. Please try again.",
      );
    }
  },
  {
    condition: (courseId, { getState }) => {
      const { status, loadingCourseId } = getState().selectedCourse;
      return !(status === "loading" && loadingCourseId === courseId);
    },
  },
);

/** The course a member page's address names (/course, /lesson and /purchase take ?course=N), if any. */
export function courseOfAddress(pathname: string, search: string): number | null {
  if (!["/course", "/lesson", "/purchase"].includes(pathname)) return null;
  const courseId = Number(new URLSearchParams(search).get("course"));
  return Number.isInteger(courseId) && courseId > 0 ? courseId : null;
}

const courseSlice = createSlice({
  name: "selectedCourse",
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(openCourse.pending, (state, action) => {
        state.status = "loading";
        state.loadingCourseId = action.meta.arg;
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
