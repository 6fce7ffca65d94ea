import type { SiteDetails } from "../../../contract/site.ts";
import { useAnswer } from "./answers.ts";

/** The instructor's contact details and player URLs, from the server's one configuration; null until they come. */
export function useSiteDetails(): SiteDetails | null {
  return useAnswer("siteDetails").answer ?? null;
}
