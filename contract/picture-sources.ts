// Pictures she uploads (a course's cover, her photo on About): stored as WebP at these widths and
// named by a hash of what she uploaded, so an address always shows the same picture. No zod here:
// the pages that show pictures import this file.

export const PICTURE_WIDTHS = [160, 320, 640, 1280] as const;
/** The largest picture the studio takes, in bytes: a phone's photo fits with room to spare. */
export const PICTURE_MAX_BYTES = 15 * 1024 * 1024;

export const pictureAddress = (picture: string, width: (typeof PICTURE_WIDTHS)[number]) => `/reactapi/pictures/${picture}-${width}.webp`;

/** src and srcSet for an <img>; the browser picks the width its layout and screen need (with `sizes`). */
export const pictureSources = (picture: string) => ({
  src: pictureAddress(picture, 320),
  srcSet: PICTURE_WIDTHS.map((width) => `${pictureAddress(picture, width)} ${width}w`).join(", "),
});
