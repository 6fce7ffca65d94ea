import { z } from "zod";

// Pictures she uploads: the API's schemas. What pages need to show them is in picture-sources.ts (no zod).
export { PICTURE_MAX_BYTES, PICTURE_WIDTHS, pictureAddress, pictureSources } from "./picture-sources.ts";

export const PictureName = z.string().regex(/^[a-f0-9]{32}$/);

export const PictureParams = z.object({
  name: z.string().regex(/^[a-f0-9]{32}-(160|320|640|1280)\.webp$/, { error: "There is no such picture." }),
});

export const PictureSaved = z.object({ picture: z.string().nullable(), message: z.string() });
export type PictureSaved = z.infer<typeof PictureSaved>;
