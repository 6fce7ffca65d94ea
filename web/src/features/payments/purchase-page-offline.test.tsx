import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt, stubApi } from "../../test/render.tsx";
import PurchasePage from "./purchase-page.tsx";

const plan = {
  id: 1,
  name: "Full Membership",
  description: "Everything",
  price: 1900,
  currency: "USD",
  billing_interval: "month",
  course_ids: [4],
};

describe("the Purchase page without online payment", () => {
  it("lists the plans and how to ask the instructor, with no Buy or Subscribe button", async () => {
    const calls = stubApi({
      "/reactapi/site": [
        200,
        {
          contact_email: "hello@example.com",
          contact_phone: "1",
          contact_city: "Portland",
          podcast_player_url: "https://example.com",
          online_payment: false,
          links: { podcast_directory: "", blog: "", facebook: "", youtube: "", pinterest: "", instagram: "" },
        },
      ],
      "/reactapi/getcourses": [
        200,
        {
          courses: [
            { id: 4, course_title: "Pushing", course_description: "", course_logo: 3, course_access: "false", subscription_plans: [plan] },
          ],
          subscription_plans: [plan],
        },
      ],
      "/reactapi/getuseraccessdata": [200, { accessible_course_ids: [], grants: [] }],
      "/reactapi/getcoursemodules": [200, []],
    });
    renderAt("/purchase?course=4", [{ path: "/purchase", element: <PurchasePage /> }]);
    expect(await screen.findByRole("heading", { name: "How to get access" })).toBeInTheDocument();
    expect(screen.getByText("$19.00 a month")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "hello@example.com" })).toHaveAttribute("href", "mailto:hello@example.com");
    expect(screen.queryByRole("button", { name: /Subscribe|Buy/ })).toBeNull();
    expect(calls.map((call) => call.path)).not.toContain("/reactapi/payments/mine");
  });
});
