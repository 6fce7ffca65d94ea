// The site's design tokens: every colour by its role, the radii, the spacing and the type scale,
// in one place (docs/architecture.md, "Design tokens"). The build writes them into every page as
// CSS custom properties (web/design-tokens-css.ts: `var(--accent)` in the site's CSS and a page's
// inline styles); the studio's MUI theme, the mails and the PDFs import the values. `npm run lint`
// refuses a hex colour anywhere else. Each is its own export so a bundle carries only those it uses.

// The brand and its text.
export const accent = "#7a3e48";
export const accentHover = "#552b32";
export const accentInk = "#4a2a30";
export const teal = "#2f5d50";
export const page = "#fbf6f0";
export const surface = "#ffffff";
export const ink = "#2b2222";
/** Mails, PDFs and post authors: a neutral near-black. */
export const inkPrint = "#2b2b2b";
export const inkQuiet = "#5a4a4a";
export const inkSoft = "#5c4f4f";
export const inkGrey = "#5c5c5c";
/** Small print in mails and PDFs. */
export const inkMuted = "#555555";
export const placeholder = "#6e5f5f";

// Lines and tints.
export const inputBorder = "#8a7676";
export const border = "#e2d4d4";
export const borderSoft = "#e0d4d4";
export const divider = "#eadede";
export const cardBorder = "#e4dcdc";
export const dashed = "#d9c4c4";
export const chipBorder = "#bdbdbd";
export const progressTrack = "#eee4e4";
export const tint = "#f6eeee";
export const tintFaint = "#fbf8f8";
export const tintLocked = "#f1eeee";
export const tintUnread = "#fffaf7";
export const note = "#f3e6e0";
export const video = "#201a1a";

// A course's lessons and modules, told apart by their tint.
export const lessonLong = "#eaf3ee";
export const lessonAbsent = "#f4f1f1";
export const moduleSecond = "#f7eeee";
export const moduleDeeper = "#f2f4f8";

// What a notice or a chip says: waiting, soon, done, refused, for information.
export const warningSurface = "#fff3e0";
export const warningInk = "#5b2a10";
export const soonSurface = "#fdf3e3";
export const soonInk = "#5b3a00";
export const usedUpInk = "#6b4e00";
export const successSurface = "#e3f1e6";
export const successNotice = "#edf7ed";
export const successInk = "#1e4620";
export const successBorder = "#2e7d32";
export const progress = "#2e6b3a";
export const error = "#a8322d";
export const errorHover = "#7d2420";
export const errorInk = "#5f2120";
export const errorStrong = "#a3262a";
export const errorNotice = "#fdeded";
export const errorBorder = "#d32f2f";
export const infoNotice = "#e5f6fd";
export const infoInk = "#014361";
export const infoBorder = "#0288d1";

// Keyboard focus: amber on the page, deep blue where the background is the accent.
export const focus = "#c77d2e";
export const focusOnAccent = "#1d3a8a";

/** Every colour by its role, as the build writes them for the CSS (`--accent`, `--ink-quiet`, …). */
export const colours = {
  accent,
  accentHover,
  accentInk,
  teal,
  page,
  surface,
  ink,
  inkPrint,
  inkQuiet,
  inkSoft,
  inkGrey,
  inkMuted,
  placeholder,
  inputBorder,
  border,
  borderSoft,
  divider,
  cardBorder,
  dashed,
  chipBorder,
  progressTrack,
  tint,
  tintFaint,
  tintLocked,
  tintUnread,
  note,
  video,
  lessonLong,
  lessonAbsent,
  moduleSecond,
  moduleDeeper,
  warningSurface,
  warningInk,
  soonSurface,
  soonInk,
  usedUpInk,
  successSurface,
  successNotice,
  successInk,
  successBorder,
  progress,
  error,
  errorHover,
  errorInk,
  errorStrong,
  errorNotice,
  errorBorder,
  infoNotice,
  infoInk,
  infoBorder,
  focus,
  focusOnAccent,
} as const;

/** Corner radii, in pixels: fields, cards and panels, notes, and round buttons. */
export const radii = { small: 8, field: 10, card: 12, note: 24, soft: 36 } as const;
/** The spacing steps, in pixels (MUI's `spacing(n)` is 8 × n; the site's CSS uses the same steps). */
export const spacing = { xs: 4, s: 8, m: 12, l: 16, xl: 24, xxl: 32 } as const;
/** The type scale, in rem of the reader's own font size. */
export const typeScale = { small: 0.85, body: 1, lead: 1.125, title: 1.25, heading: 1.5, display: 2 } as const;

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The CSS custom property of a colour: `cssVariable("inkQuiet")` is `var(--ink-quiet)`. */
export const cssVariable = (name: keyof typeof colours) => `var(--${kebab(name)})`;

/** Every token as CSS custom properties on :root, for the page's own stylesheet. */
export function cssCustomProperties(): string {
  const declarations = [
    ...Object.entries(colours).map(([name, value]) => `--${kebab(name)}:${value}`),
    ...Object.entries(radii).map(([name, value]) => `--radius-${kebab(name)}:${value}px`),
    ...Object.entries(spacing).map(([name, value]) => `--space-${name}:${value}px`),
    ...Object.entries(typeScale).map(([name, value]) => `--text-${kebab(name)}:${value}rem`),
  ];
  return `:root{${declarations.join(";")}}`;
}
