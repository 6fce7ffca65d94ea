/** A figure of the bench and what it should be, printed side by side (never a test failure: timings are noisy). */
export type Target = { text: string; met: (value: number) => boolean };

export const atLeast = (limit: number): Target => ({ text: `>= ${limit.toLocaleString("en")}`, met: (value) => value >= limit });
export const atMost = (limit: number): Target => ({ text: `<= ${limit.toLocaleString("en")}`, met: (value) => value <= limit });
