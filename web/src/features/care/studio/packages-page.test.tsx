import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt, stubApi } from "../../../test/render.tsx";
import PackagesPage from "./packages-page.tsx";

const kept = {
  id: 3,
  name: "Birth support",
  description: "",
  fee: 150_000,
  currency: "USD",
  deposit: 30_000,
  instalments: 3,
  instalment_every_weeks: 4,
  last_due_week: 36,
  prenatal_visits: 2,
  postpartum_visits: 1,
  on_call_from_week: 38,
  on_call_until_week: 42,
  // An agreement kept before the editor: plain text, a short first line over more lines a heading.
  agreement: "Fee and payments\nThe fee is {{fee}}.\n\nSigned with care.",
  retired: false,
  clients: 1,
  tiers: [] as { name: string; price: number; line: string }[],
};

// docs/care.md, Packages: the agreement in the studio's rich-text editor, its fields put where the cursor is.
describe("the packages' agreement editor", () => {
  it("opens a plain-text agreement as its heading and paragraphs, and puts a field at the cursor of the HTML box", async () => {
    const calls = stubApi({
      "/reactapi/studio/care/packages": [200, { packages: [kept] }],
      "/reactapi/studio/care/packages/3": [200, { message: 'Saved "Birth support".' }],
    });
    renderAt("/studio/care-packages", [{ path: "/studio/care-packages", element: <PackagesPage /> }]);
    fireEvent.click(await screen.findByRole("button", { name: "Edit Birth support" }));
    const editor = await screen.findByRole("textbox", { name: "Agreement" }, { timeout: 15_000 });
    expect(within(editor).getByText("Fee and payments").tagName).toBe("H3");
    expect(within(editor).getByText("Signed with care.").tagName).toBe("P");

    fireEvent.click(screen.getByRole("button", { name: "Edit as HTML (Agreement)" }));
    const box = screen.getByLabelText("Agreement") as HTMLTextAreaElement;
    expect(box.value).toBe("<h3>Fee and payments</h3><p>The fee is {{fee}}.</p><p>Signed with care.</p>");
    const at = box.value.indexOf("Signed");
    box.setSelectionRange(at, at);
    fireEvent.click(screen.getByRole("button", { name: "Insert client_name" }));
    expect(box).toHaveValue("<h3>Fee and payments</h3><p>The fee is {{fee}}.</p><p>{{client_name}}Signed with care.</p>");

    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText('Saved "Birth support".');
    expect(calls.find((call) => call.method === "POST")!.body).toMatchObject({
      agreement: "<h3>Fee and payments</h3><p>The fee is {{fee}}.</p><p>{{client_name}}Signed with care.</p>",
    });
  });
});

// docs/gifts.md, pay what you can: a package's fees as the doula names them, sent cheapest first by the server.
describe("the packages' tiers", () => {
  it("lists a package's fees and sends the tiers she types with the package", async () => {
    const calls = stubApi({
      "/reactapi/studio/care/packages": [
        200,
        {
          packages: [
            {
              ...kept,
              tiers: [
                { name: "Supported", price: 90_000, line: "" },
                { name: "Standard", price: 150_000, line: "" },
              ],
            },
          ],
        },
      ],
      "/reactapi/studio/care/packages/3": [200, { message: 'Saved "Birth support".' }],
    });
    renderAt("/studio/care-packages", [{ path: "/studio/care-packages", element: <PackagesPage /> }]);
    expect(await screen.findByText(/pay what you can: \$900\.00, \$1,500\.00/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Edit Birth support" }));
    const second = await screen.findByRole("group", { name: "Tier 2" });
    fireEvent.change(within(second).getByLabelText("Tier price"), { target: { value: "1400" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText('Saved "Birth support".');
    expect(calls.find((call) => call.method === "POST")!.body).toMatchObject({
      tiers: [
        { name: "Supported", price: 90_000, line: "" },
        { name: "Standard", price: 140_000, line: "" },
      ],
    });
  });
});

// docs/care.md, Packages; docs/languages.md: a new price starts in her practice's currency (Studio → Site).
describe("a new package's currency", () => {
  const site = {
    contact_email: "",
    contact_phone: "",
    contact_city: "",
    podcast_player_url: "",
    online_payment: true,
    language: "es",
    languages: ["en", "es"],
    currency: "EUR",
    links: { podcast_directory: "", blog: "", facebook: "", youtube: "", pinterest: "", instagram: "" },
  };

  it("starts in her practice's currency, and sends the one she chooses instead", async () => {
    const calls = stubApi({
      "/reactapi/site": [200, site],
      "/reactapi/studio/care/packages": (body) => (body === undefined ? [200, { packages: [] }] : [201, { id: 4, message: "Created." }]),
    });
    renderAt("/studio/care-packages", [{ path: "/studio/care-packages", element: <PackagesPage /> }]);
    fireEvent.click(await screen.findByRole("button", { name: "New package" }));
    const form = await screen.findByRole("form", { name: "New package" });
    const currency = within(form).getByRole("combobox", { name: "Currency" });
    await expect.poll(() => (currency as HTMLSelectElement).value).toBe("EUR");
    fireEvent.change(within(form).getByLabelText("Name", { exact: true }), { target: { value: "Acompañamiento" } });
    fireEvent.change(within(form).getByLabelText("Fee", { exact: true }), { target: { value: "1500" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create the package" }));
    await screen.findByText("Created.");
    fireEvent.click(await screen.findByRole("button", { name: "New package" }));
    const again = await screen.findByRole("form", { name: "New package" });
    fireEvent.change(within(again).getByRole("combobox", { name: "Currency" }), { target: { value: "MXN" } });
    fireEvent.change(within(again).getByLabelText("Name", { exact: true }), { target: { value: "Posparto" } });
    fireEvent.change(within(again).getByLabelText("Fee", { exact: true }), { target: { value: "800" } });
    fireEvent.click(within(again).getByRole("button", { name: "Create the package" }));
    await expect.poll(() => calls.filter((call) => call.method === "POST").length).toBe(2);
    expect(calls.filter((call) => call.method === "POST").map((call) => (call.body as { currency: string }).currency)).toEqual([
      "EUR",
      "MXN",
    ]);
  });
});
