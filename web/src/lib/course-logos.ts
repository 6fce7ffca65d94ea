/** The picture of a course: one of the four the instructor picks from (an unknown number shows the first). */
export const courseLogo = (index: number) => `/art/logo-${Number.isInteger(index) && index >= 0 && index <= 3 ? index : 0}.svg`;

/** The pictures a course may have, as the studio offers them. */
export const courseLogoChoices = [0, 1, 2, 3] as const;
