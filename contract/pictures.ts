import { z } from "zod";
import { ApiError } from "./errors.ts";
import type { Endpoint } from "./endpoint.ts";

// Pictures she uploads: the API's schemas. What pages need to show them is in picture-sources.ts (no zod).
export { PICTURE_MAX_BYTES, PICTURE_WIDTHS, pictureAddress, pictureSources } from "./picture-sources.ts";

export const PictureName = z.string().regex(/^[a-f0-9]{32}$/);

export const PictureParams = z.object({
  name: z.string().regex(/^[a-f0-9]{32}-(160|320|640|1280)\.webp$/, { error: "There is no such picture." }),
});

export const PictureSaved = z.object({ picture: z.string().nullable(), message: z.string() });
export type PictureSaved = z.infer<typeof PictureSaved>;

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const picturesEndpoints = {
  picture: {
    method: "GET",
    path: "/reactapi/pictures/:name",
    summary: "One of her pictures as WebP at one width (cached a year: a name never changes what it shows)",
    access: "anyone",
    params: PictureParams,
    answers: {
      200: { description: "The picture.", contentType: "image/webp" },
      404: { description: "No such picture.", schema: ApiError },
    },
  },
} satisfies Record<string, Endpoint>;
