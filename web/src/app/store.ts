import { combineReducers, configureStore } from "@reduxjs/toolkit";
import { useDispatch, useSelector } from "react-redux";
import { sessionReducer } from "../features/auth/session-slice.ts";
import { communityReducer } from "../features/community/community-slice.ts";
import { selectedCourseReducer } from "../features/course/course-slice.ts";
import { selectedLessonReducer } from "../features/lesson/lesson-slice.ts";
import { libraryReducer } from "../features/library/library-slice.ts";
import { offlineReducer } from "../features/offline/offline-slice.ts";

const rootReducer = combineReducers({
  session: sessionReducer,
  library: libraryReducer,
  selectedCourse: selectedCourseReducer,
  selectedLesson: selectedLessonReducer,
  community: communityReducer,
  offline: offlineReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function createStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore["dispatch"];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
