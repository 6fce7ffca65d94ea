import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAt, stubApi } from "../../../test/render.tsx";
import GiftsPage from "./gifts-page.tsx";

const plan = (id: number, name: string, price: number, interval: "month" | "once") => ({
  id,
  name,
  description: "",
  price_minor: price,
  currency: "USD",
  billing_interval: interval,
  partner_seat: false,
  course_ids: [3],
  tiers: [],
  revision: 1,
});

describe("Studio → Plans → Gifts → Community places (docs/gifts.md)", () => {
  it("shows what the fund holds as places of each plan, gives one for the months chosen, and lists it", async () => {
    let fund = { funds: [{ currency: "USD", raised: 9000, given: 0, left: 9000 }], given: [] as unknown[] };
    const calls = stubApi({
      "/reactapi/studio/gifts": [200, { gifts: [] }],
      "/reactapi/studio/registry-contributions": [200, { contributions: [] }],
      "/reactapi/studio/plans": [
        200,
        { plans: [plan(1, "Full Membership", 1900, "month"), plan(2, "Partner Course", 4900, "once")], courses: [] },
      ],
      "/reactapi/studio/community-places": (body) => {
        if (!body) return [200, fund];
        fund = {
          funds: [{ currency: "USD", raised: 9000, given: 5700, left: 3300 }],
          given: [
            {
              id: 1,
              member: { name: "Rosa Diaz", email: "rosa@example.com" },
              plan_name: "Full Membership",
              months: 3,
              cost: 5700,
              currency: "USD",
              given_at: "2031-01-05T10:00:00.000Z",
            },
          ],
        };
        return [201, { message: "Gave Rosa Diaz a community place: Full Membership is open for her until 5 April 2031." }];
      },
    });
    renderAt("/studio/plans/gifts", [{ path: "/studio/plans/gifts", element: <GiftsPage /> }]);
    const section = (await screen.findByRole("heading", { name: "Community places" })).closest("section")!;
    expect(await within(section).findByText("US$90.00 left")).toBeInTheDocument();
    expect(within(section).getByText("Enough for 4 months of Full Membership or 1 place in Partner Course.")).toBeInTheDocument();
    const form = within(section).getByRole("form", { name: "Give a community place" });
    await userEvent.type(within(form).getByLabelText(/Her e-mail address/), "rosa@example.com");
    await userEvent.selectOptions(within(form).getByLabelText("For how long"), "3 months");
    expect(within(form).getByText("From the fund: US$57.00.")).toBeInTheDocument();
    await userEvent.click(within(form).getByRole("button", { name: "Give the place" }));
    expect(await within(section).findByText(/Gave Rosa Diaz a community place/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")!.body).toEqual({ email: "rosa@example.com", plan_id: 1, months: 3 });
    const row = await within(section).findByRole("row", { name: /Rosa Diaz/ });
    expect(row).toHaveTextContent("Full Membership, 3 months");
    expect(within(section).getByText("US$33.00 left")).toBeInTheDocument();
  });
});
