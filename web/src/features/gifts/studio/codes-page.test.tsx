import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAt, stubApi } from "../../../test/render.tsx";
import CodesPage from "./codes-page.tsx";

const plan = { id: 1, name: "Full Membership", currency: "USD" };
const carePackage = (id: number, name: string, retired: boolean) => ({ id, name, retired, currency: "USD" });
const liveClass = (id: number, title: string, price: number, startsAt: string) => ({
  id,
  title,
  price,
  currency: "USD",
  starts_at: startsAt,
  cancelled: false,
  tiers: [],
});

describe("Studio → Plans → Codes (docs/gifts.md)", () => {
  it("makes a code for a care package and a paid class as well as plans, offering only what is still sold", async () => {
    let codes: unknown[] = [];
    const calls = stubApi({
      "/reactapi/studio/codes": (body) => {
        if (!body) return [200, { codes }];
        codes = [
          {
            id: 5,
            code: "DOULA-10",
            percent_off: 10,
            amount_off: null,
            plan_ids: [],
            package_ids: [21],
            class_ids: [31],
            starts_on: "2031-03-01",
            ends_on: "2031-03-31",
            max_uses: null,
            used: 0,
            held: 0,
            first_purchase_only: false,
            created_at: "2031-01-01T10:00:00.000Z",
          },
        ];
        return [201, { id: 5, message: "Added DOULA-10." }];
      },
      "/reactapi/studio/plans": [200, { plans: [plan], courses: [] }],
      "/reactapi/studio/care/packages": [
        200,
        { packages: [carePackage(21, "Birth doula care", false), carePackage(22, "Old package", true)] },
      ],
      "/reactapi/studio/classes": [
        200,
        {
          classes: [
            liveClass(31, "Breastfeeding class", 4500, "2099-03-10T17:00:00.000Z"),
            liveClass(32, "Free webinar", 0, "2099-03-11T17:00:00.000Z"),
            liveClass(33, "Last year's class", 4500, "2001-03-11T17:00:00.000Z"),
          ],
        },
      ],
    });
    renderAt("/studio/plans/codes", [{ path: "/studio/plans/codes", element: <CodesPage /> }]);
    const form = await screen.findByRole("form", { name: "Add a discount code" });
    const packages = await within(form).findByRole("group", { name: "For these care packages" });
    expect(
      within(packages)
        .getAllByRole("checkbox")
        .map((box) => box.parentElement!.textContent),
    ).toEqual(["Birth doula care"]);
    const classes = within(form).getByRole("group", { name: "For these paid classes" });
    expect(within(classes).getAllByRole("checkbox")).toHaveLength(1);
    await userEvent.type(within(form).getByLabelText("Code"), "DOULA-10");
    await userEvent.type(within(form).getByLabelText("Percentage off"), "10");
    await userEvent.click(within(packages).getByRole("checkbox", { name: "Birth doula care" }));
    await userEvent.click(within(classes).getByRole("checkbox", { name: /Breastfeeding class/ }));
    await userEvent.click(within(form).getByRole("button", { name: "Add the code" }));
    expect(await screen.findByText("Added DOULA-10.")).toBeInTheDocument();
    const sent = calls.find((call) => call.method === "POST")!.body;
    expect(sent).toMatchObject({ code: "DOULA-10", percent_off: 10, plan_ids: [], package_ids: [21], class_ids: [31] });
    const row = await screen.findByRole("row", { name: /DOULA-10/ });
    expect(row).toHaveTextContent("Birth doula care, Breastfeeding class");
    // Her days as her language writes them, not as the API sends them.
    expect(row).toHaveTextContent("1 Mar 2031 to 31 Mar 2031");
  });
});
