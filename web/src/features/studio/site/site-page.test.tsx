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
  currency: "USD",
  language: "en",
  languages: ["en", "es"],
  links: { podcast_directory: "", blog: "", facebook: "", youtube: "", pinterest: "", instagram: "" },
};

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

// docs/languages.md: the instructor sets the site's language in Studio → Site.
describe("the site's language in the studio", () => {
  it("offers every language, named in itself, and saves the one she picks", async () => {
    const calls = stubApi({
      "/reactapi/site": [200, site],
      "/reactapi/studio/site/about": [503, { error: "The service is busy. Please try again in a moment." }],
      "/reactapi/studio/site/links": [503, { error: "The service is busy. Please try again in a moment." }],
      "/reactapi/studio/site/names": [503, { error: "The service is busy. Please try again in a moment." }],
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
    // Her studio is in her own language: one link reads it in the site's too.
    expect(screen.getByRole("link", { name: "Read the studio in Español too" })).toHaveAttribute("href", "/studio/site?lang=es");
  });

  it("keeps the language the site had when the choice is not saved, and says why", async () => {
    stubApi({
      "/reactapi/site": [200, site],
      "/reactapi/studio/site/about": [503, { error: "The service is busy. Please try again in a moment." }],
      "/reactapi/studio/site/links": [503, { error: "The service is busy. Please try again in a moment." }],
      "/reactapi/studio/site/names": [503, { error: "The service is busy. Please try again in a moment." }],
      "/reactapi/studio/site/language": [403, { error: "Only the instructor can do this." }],
    });
    show();
    const choice = await screen.findByRole("group", { name: "The site's language" });
    fireEvent.click(within(choice).getByRole("radio", { name: "Español" }));
    expect(await screen.findByText("Only the instructor can do this.")).toBeInTheDocument();
    expect(within(choice).getByRole("radio", { name: "English" })).toBeChecked();
  });
});

// docs/languages.md, "Her names": what every page, PDF and mail prints.
describe("her names in the studio", () => {
  it("shows the names as saved, her title in each of the site's languages, and sends what she changes", async () => {
    const saved = { doula_name: "Maya Ellison", business_name: "Calm Birth Circle", titles: { en: "certified birth doula" } };
    const calls = stubApi({
      "/reactapi/site": [200, site],
      "/reactapi/studio/site/about": [503, { error: "The service is busy. Please try again in a moment." }],
      "/reactapi/studio/site/links": [503, { error: "The service is busy. Please try again in a moment." }],
      "/reactapi/studio/site/names": (body) =>
        body === undefined ? [200, saved] : [200, { ...(body as typeof saved), titles: { es: "doula certificada" } }],
    });
    show();
    const form = await screen.findByRole("form", { name: "Your name" });
    expect(within(form).getByLabelText("Your name, as clients read it")).toHaveValue("Maya Ellison");
    expect(within(form).getByLabelText("Your title in English (optional)")).toHaveValue("certified birth doula");
    expect(within(form).getByLabelText("Your title in Español (optional)")).toHaveValue("");
    fireEvent.change(within(form).getByLabelText("Your name, as clients read it"), { target: { value: "Lucía Romero" } });
    fireEvent.change(within(form).getByLabelText("Your title in English (optional)"), { target: { value: "" } });
    fireEvent.change(within(form).getByLabelText("Your title in Español (optional)"), { target: { value: "doula certificada" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save your names" }));
    expect(await within(form).findByText(/use these names from now on/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")!.body).toEqual({
      doula_name: "Lucía Romero",
      business_name: "Calm Birth Circle",
      titles: { en: "", es: "doula certificada" },
    });
  });
});

// docs/studio.md, Site: the currency her new prices start in, chosen from a list, never typed.
describe("her currency in the studio", () => {
  it("shows the site's, lists currencies by code and name, and saves the one she picks", async () => {
    const calls = stubApi({
      "/reactapi/site": [200, { ...site, currency: "EUR" }],
      "/reactapi/studio/site/about": [503, { error: "The service is busy. Please try again in a moment." }],
      "/reactapi/studio/site/links": [503, { error: "The service is busy. Please try again in a moment." }],
      "/reactapi/studio/site/names": [503, { error: "The service is busy. Please try again in a moment." }],
      "/reactapi/studio/site/currency": [200, { currency: "MXN" }],
    });
    show();
    const currency = await screen.findByRole("combobox", { name: "Your currency" });
    expect(currency).toHaveValue("EUR");
    expect(within(currency).getByRole("option", { name: /^MXN — Mexican peso$/i })).toBeInTheDocument();
    fireEvent.change(currency, { target: { value: "MXN" } });
    expect(await screen.findByText("Saved. New prices start in MXN; a price you set before keeps its own.")).toBeInTheDocument();
    expect(currency).toHaveValue("MXN");
    expect(calls.filter((call) => call.method === "POST").map((call) => [call.path, call.body])).toEqual([
      ["/reactapi/studio/site/currency", { currency: "MXN" }],
    ]);
  });
});
