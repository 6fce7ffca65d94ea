import { useEffect, useState } from "react";
import type { SiteDetails } from "../../../contract/site.ts";
import { callApi } from "./api-client.ts";

let cached: Promise<SiteDetails> | undefined;

/** The instructor's contact details and player URLs, from the server's one configuration. */
export function useSiteDetails(): SiteDetails | null {
  const [details, setDetails] = useState<SiteDetails | null>(null);
  useEffect(() => {
    let current = true;
    cached ??= callApi<SiteDetails>("/reactapi/site").catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    cached
      .then((loaded) => current && setDetails(loaded))
      .catch((error: unknown) => console.error("Loading the site details failed", error));
    return () => {
      current = false;
    };
  }, []);
  return details;
}
