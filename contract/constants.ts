import { sentence } from "./languages.ts";

// Plain values shared by the server and the web app. Kept apart from the zod schemas so that
// a screen needing only a sentence or a list does not download the validation library.

/** Where every endpoint of the API lives (docs/product.md, Constants): the web app's addresses never start with it. */
export const apiPrefix = "/reactapi";

export const passwordRuleText = sentence("Use 8 or more characters, including a letter, a number and a special character.");

/** The services of the /support form, in the order of docs/product.md (Screens). */
export const supportServices = [
  "Fertility Support",
  "Birth Support",
  "Postpartum Support",
  "Birth and Postpartum Support",
  "Virtual Services",
] as const;

/** Default texts of the registration error catalogue (docs/product.md, Error catalogue), by HTTP status. */
export const registrationErrorMessages: Record<number, string> = {
  400: sentence("Bad request. Please check your input."),
  401: sentence("Unauthorized. Access code invalid."),
  403: sentence("Forbidden. Access code inactive."),
  404: sentence("Access code not found."),
  409: sentence("Email already registered."),
  500: sentence("Internal server error. Please try again later."),
};
export const unexpectedErrorMessage = sentence("An unexpected error occurred.");

/**
 * A readable cookie set beside the HttpOnly session cookie, with the same lifetime. It grants
 * nothing; it only tells the web app that a session may exist, so a visitor's first page makes no
 * session check whose only possible answer is 401.
 */
export const signedInHintCookie = "signed_in";

/** The product's name and colours, shared by the app's pages and its install manifest (web/vite.config.ts). */
export const brand = {
  name: "Calm Birth Circle",
  shortName: "Calm Birth",
} as const;

/**
 * The web app's route an address (without its query) is, if any, any one trailing slash ignored; a
 * segment written ":name" stands for any one segment (the certificate code of /verify/:code). The
 * server answers these with 200 and every other page address with 404 and the app's kind "does
 * not exist" page, so search engines and uptime checks are not told a missing page exists. The
 * routes are web/src/lib/routes.ts's; the build writes them for the server.
 */
export function appRouteOf(pathname: string, appRoutes: readonly string[]): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  const segments = path.split("/");
  return appRoutes.find((route) => {
    const pattern = route.split("/");
    return (
      pattern.length === segments.length &&
      pattern.every((part, index) => (part.startsWith(":") ? segments[index] !== "" : part === segments[index]))
    );
  });
}

/** The kinds of change the studio's activity log records, by which she can filter it. */
export const activityKinds = ["access-code", "member", "grant", "role", "catalogue", "plan", "setup", "message", "community"] as const;

/** What the studio answers (409) to a save made from a page older than the thing it saves over. */
export const staleRevisionMessage = "This was changed elsewhere since you opened it. Reload to see the latest version.";

/** How long what the instructor deletes in the studio waits in the Trash before it is gone for good. */
export const TRASH_KEPT_DAYS = 30;

/** The contraction timer's rules (docs/product.md, Contraction timer): minutes apart, a minute long, for an hour. */
export const timerRules = ["5-1-1", "4-1-1", "3-1-1"] as const;
