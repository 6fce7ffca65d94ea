import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAt, stubApi } from "../../test/render.tsx";
import ClassesPage from "./classes-page.tsx";

const paidClass = {
  id: 7,
  title: "Breastfeeding class",
  description_html: "",
  starts_at: "2031-03-10T17:00:00.000Z",
  ends_at: "2031-03-10T18:30:00.000Z",
  places: 10,
  places_left: 4,
  price: 4500,
  currency: "EUR",
  who: "anyone",
  tiers: [
    { name: "Supported", price: 2500, line: "" },
    { name: "Standard", price: 4500, line: "" },
    { name: "Supporter", price: 6000, line: "Helps fund a place for another family" },
  ],
  join_opens_at: "2031-03-10T16:45:00.000Z",
  course: null,
  for_your_course: false,
};

describe("a paid class with pay-what-you-can tiers (docs/gifts.md)", () => {
  it("lets her choose what she pays and type a code, sends both, and shows the server's sentence, keeping what she typed", async () => {
    const calls = stubApi({
      "/reactapi/classes": [200, { upcoming: [paidClass], past: [] }],
      "/reactapi/classes/7/registrations": (body) =>
        (body as { code?: string }).code === "OLD"
          ? [400, { error: "The code OLD ended on 2031-01-01." }]
          : [201, { id: 1, state: "waiting_list", message: "You are on the waiting list." }],
    });
    renderAt("/classes", [{ path: "/classes", element: <ClassesPage /> }]);
    const card = await screen.findByRole("article", { name: "Breastfeeding class" });
    expect(within(card).getByText(/pay what you can, €25.00 to €60.00/)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole("button", { name: "Register" }));
    const form = within(card).getByRole("form", { name: "Register for Breastfeeding class" });
    // The class's own price is chosen at first; her choice changes what the button says she pays.
    expect(within(form).getByRole("radio", { name: /Standard/ })).toBeChecked();
    await userEvent.click(within(form).getByRole("radio", { name: /Supported/ }));
    expect(within(form).getByRole("button", { name: "Register and pay €25.00" })).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText(/Your name/), "Ana");
    await userEvent.type(within(form).getByLabelText(/E-mail address/), "ana@example.com");
    await userEvent.click(within(form).getByText("Have a code?"));
    await userEvent.type(within(form).getByLabelText("Code"), "OLD");
    await userEvent.click(within(form).getByRole("button", { name: "Register and pay €25.00" }));
    expect(await within(form).findByText("The code OLD ended on 2031-01-01.")).toBeInTheDocument();
    // What she typed stays, to correct.
    expect(within(form).getByLabelText("Code")).toHaveValue("OLD");
    const sent = calls.filter((call) => call.path === "/reactapi/classes/7/registrations").map((call) => call.body);
    expect(sent).toEqual([expect.objectContaining({ name: "Ana", email: "ana@example.com", tier: "Supported", code: "OLD" })]);
  });
});

// A visitor has no account for the list to know her place by: what she did on this page shows instead of Register.
describe("a visitor's place, confirmed from her mail", () => {
  it("shows her place on the class and offers no Register once she confirms", async () => {
    const freeClass = { ...paidClass, id: 9, title: "Birth preparation", price: 0, tiers: [] };
    const calls = stubApi({
      "/reactapi/classes": [200, { upcoming: [freeClass], past: [] }],
      "/reactapi/classes/registrations/confirm": [
        200,
        { id: 31, class_id: 9, state: "registered", message: "You have a place. The invitation is in your mail." },
      ],
    });
    renderAt("/classes?confirm=mailed-token", [{ path: "/classes", element: <ClassesPage /> }]);
    const card = await screen.findByRole("article", { name: "Birth preparation" });
    expect(within(card).getByRole("button", { name: "Register" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Confirm my place" }));
    expect(await screen.findByText("You have a place. The invitation is in your mail.")).toBeInTheDocument();
    expect(await within(card).findByText("You have a place.")).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Register" })).toBeNull();
    expect(calls.filter((call) => call.method === "POST").map((call) => call.body)).toEqual([{ token: "mailed-token" }]);
  });
});
