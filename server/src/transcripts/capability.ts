import { sentence } from "../../../contract/languages.ts";
import { defineCapability, mount } from "../capabilities/capability.ts";
import { captionLanguages } from "./transcripts-repository.ts";
import { transcriptsRoutes, transcriptsStudioRoutes } from "./transcripts-routes.ts";

/** A lesson's captions a player can show: each timed transcript's language and its WebVTT address; none while transcripts are off. */
export type LessonCaptions = (lessonId: number) => Promise<{ language: string; url: string }[]>;

declare module "../capabilities/capability.ts" {
  interface Offered {
    /** The captions tracks of a lesson's video (her own videos' player shows them). */
    lessonCaptions: LessonCaptions;
  }
}

/** Transcripts and captions of her lessons' videos. */
export default defineCapability({
  name: "transcripts",
  optional: { title: sentence("Transcripts") },
  needs: ["catalogue"],
  offers: {
    lessonCaptions:
      ({ db, isOn }) =>
      async (lessonId) =>
        (await isOn("transcripts"))
          ? (await captionLanguages(db, lessonId)).map((language) => ({
              language,
              url: `/reactapi/lessons/${lessonId}/captions/${encodeURIComponent(language)}`,
            }))
          : [],
  },
  start: ({ db, use, clock }) => ({
    routes: [mount("/reactapi", transcriptsRoutes, { db, catalogue: use("catalogue") })],
    studio: [mount("", transcriptsStudioRoutes, { db, clock })],
  }),
});
