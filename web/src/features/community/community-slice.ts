import { createAction, createSlice } from "@reduxjs/toolkit";

// SPEC §3 names community state and actions but no calls or screens; the state is kept ready for them.
export type CommunityState = {
  communityTopics: unknown[];
  topicPosts: unknown[];
  postReplies: Record<string, unknown[]>;
};

export const communityTopicsLoaded = createAction<unknown[]>("FETCH_COMMUNITY_TOPIC_SUCCESS");
export const topicPostsLoaded = createAction<unknown[]>("FETCH_POSTS");
export const postRepliesLoaded = createAction<{ postId: string | number; replies: unknown[] }>("FETCH_POST_REPLIES");

const communitySlice = createSlice({
  name: "community",
  initialState: { communityTopics: [], topicPosts: [], postReplies: {} } as CommunityState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(communityTopicsLoaded, (state, action) => {
        state.communityTopics = action.payload;
      })
      .addCase(topicPostsLoaded, (state, action) => {
        state.topicPosts = action.payload;
      })
      .addCase(postRepliesLoaded, (state, action) => {
        state.postReplies[String(action.payload.postId)] = action.payload.replies;
      });
  },
});

export const communityReducer = communitySlice.reducer;
