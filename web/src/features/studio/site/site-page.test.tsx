import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SiteDetails } from "../../../../../contract/site.ts";
import { renderAt, stubApi } from "../../../test/render.tsx";
import { Themed } from "../themed.tsx";
import SitePage from "./site-page.tsx";

const site: SiteDetails = {
  contact_email: "maya@example.com",
  contact_phone: "",
  contact_city: "",
  podcast_player_url: "",
  online_payment: false,
  language: "en",
  languages: ["en", "es"],
  links: { podcast_directory: "", blog: "", facebook: "", youtube: "", pinterest: "", instagram: "" },
};

// docs/languages.md: the instructor sets the site's language in Studio → Site.
describe("the site's language in the studio", () => {
  const show = () =>
    renderAt("/studio/site", [
      {
        path: "/studio/site",
        element: (
          <Themed>
            <SitePage />
          </Themed>
        ),
      },
    ]);

  it("offers every language, named in itself, and saves the one she picks", async () => {
    const calls = stubApi({
      "/reactapi/site": [200, site],
      "/reactapi/studio/site/about": [503, { error: "The service is busy. Please try again in a moment." }],
      "/reactapi/studio/site/links": [503, { error: "The service is busy. Please try again in a moment." }],
      "/reactapi/studio/site/language": [200, { language: "es" }],
    });
    show();
    const choice = await screen.findByRole("group", { name: "The site's language" });
    expect(within(choice).getByRole("radio", { name: "English" })).toBeChecked();
    fireEvent.click(within(choice).getByRole("radio", { name: "Español" }));
    expect(await screen.findByText(/read it in Español\.$/)).toBeInTheDocument();
    expect(within(choice).getByRole("radio", { name: "Español" })).toBeChecked();
    expect(calls.filter((call) => call.method === "POST").map((call) => [call.path, call.body])).toEqual([
      ["/reactapi/studio/site/language", { language: "es" }],
    ]);
  });

  it("keeps the language the site had when the choice is not saved, and says why", async () => {
    stubApi({
      "/reactapi/site": [200, site],
      "/reactapi/studio/site/about": [503, { error: "The service is busy. Please try again in a moment." }],
      "/reactapi/studio/site/links": [503, { error: "The service is busy. Please try again in a moment." }],
      "/reactapi/studio/site/language": [403, { error: "Only the instructor can do this." }],
    });
    show();
    const choice = await screen.findByRole("group", { name: "The site's language" });
    fireEvent.click(within(choice).getByRole("radio", { name: "Español" }));
    expect(await screen.findByText("Only the instructor can do this.")).toBeInTheDocument();
    expect(within(choice).getByRole("radio", { name: "English" })).toBeChecked();
  });
});
