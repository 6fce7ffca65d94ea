import { createAction, createSlice } from "@reduxjs/toolkit";
import type { Lesson } from "../../../../contract/catalogue.ts";

export type SelectedLessonState = { selectedLesson: (Lesson & { course_id: number; module_title: string }) | null };

export const lessonSelected = createAction<NonNullable<SelectedLessonState["selectedLesson"]>>("SELECT_LESSON");

const lessonSlice = createSlice({
  name: "selectedLesson",
  initialState: { selectedLesson: null } as SelectedLessonState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(lessonSelected, (state, action) => {
      state.selectedLesson = action.payload;
    });
  },
});

export const selectedLessonReducer = lessonSlice.reducer;
