import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { initialSessionState } from "../../lib/session.ts";
import { renderAt, stubApi } from "../../test/render.tsx";
import GiftPage from "./gift-page.tsx";
import GiftRedeemPage from "./gift-redeem-page.tsx";

vi.mock("./leave-for.ts", () => ({ leaveFor: vi.fn() }));
const { leaveFor } = await import("./leave-for.ts");

const monthly = {
  id: 1,
  name: "Full Membership",
  description: "Everything",
  price: 1900,
  currency: "USD",
  billing_interval: "month",
  course_ids: [3],
};
const once = {
  id: 2,
  name: "Partner Course",
  description: "For partners",
  price: 4900,
  currency: "USD",
  billing_interval: "once",
  course_ids: [3],
};
const catalogue = {
  courses: [
    { id: 3, course_title: "Birth", course_description: "", course_logo: 1, course_access: "false", subscription_plans: [monthly, once] },
  ],
  subscription_plans: [monthly, once],
};
const site = {
  contact_email: "hello@example.com",
  contact_phone: "1",
  contact_city: "Portland",
  podcast_player_url: "https://example.com",
  online_payment: true,
  links: { podcast_directory: "", blog: "", facebook: "", youtube: "", pinterest: "", instagram: "" },
};

describe("the gift page", () => {
  it("gives a membership as months, shows the total, and sends the gift with its day; the server's sentence shows by its field", async () => {
    const calls = stubApi({
      "/reactapi/site": [200, site],
      "/reactapi/getcourses": [200, catalogue],
      "/reactapi/gifts/checkout": (body) =>
        (body as { deliver_on: string }).deliver_on === "2031-05-01"
          ? [400, { error: "Choose a day within the coming year.", details: { deliver_on: "Choose a day within the coming year." } }]
          : [200, { url: "https://checkout.stripe.example/c/pay/cs_test_gift" }],
    });
    renderAt("/gift", [{ path: "/gift", element: <GiftPage /> }]);
    const what = await screen.findByRole("group", { name: "What to give" });
    await userEvent.click(await within(what).findByRole("radio", { name: /Full Membership/ }));
    await userEvent.selectOptions(screen.getByLabelText("For how long"), "3 months");
    expect(screen.getByText("Total: $57.00, paid once.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Her name/), "Ana");
    await userEvent.type(screen.getByLabelText(/Her e-mail address/), "ana@example.com");
    fireEvent.change(screen.getByLabelText(/The day it arrives/), { target: { value: "2031-05-01" } });
    await userEvent.type(screen.getByLabelText("Your message (optional)"), "With love");
    await userEvent.type(screen.getByLabelText(/^Your name/), "Rose");
    await userEvent.type(screen.getByLabelText(/^Your e-mail address/), "rose@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Go to payment" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Choose a day within the coming year.");
    expect(screen.getByLabelText(/The day it arrives/)).toHaveAccessibleDescription("Choose a day within the coming year.");

    fireEvent.change(screen.getByLabelText(/The day it arrives/), { target: { value: "2031-05-02" } });
    await userEvent.click(screen.getByRole("button", { name: "Go to payment" }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith("https://checkout.stripe.example/c/pay/cs_test_gift"));
    expect(calls.filter((call) => call.path === "/reactapi/gifts/checkout").at(-1)?.body).toEqual({
      plan_id: 1,
      months: 3,
      recipient_name: "Ana",
      recipient_email: "ana@example.com",
      deliver_on: "2031-05-02",
      message: "With love",
      giver_name: "Rose",
      giver_email: "rose@example.com",
    });
  });

  it("thanks the giver when she comes back from Checkout", async () => {
    stubApi({ "/reactapi/site": [200, site], "/reactapi/getcourses": [200, catalogue] });
    renderAt("/gift?given=1", [{ path: "/gift", element: <GiftPage /> }]);
    expect(await screen.findByRole("heading", { name: "Thank you for your gift" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Your receipt is on its way to your inbox");
  });
});

describe("the gift's link", () => {
  it("offers a visitor an account made with the gift's token, or to log in and come back to it", async () => {
    stubApi({ "/reactapi/site": [200, site] });
    renderAt("/gift/redeem?token=abcdefghijklmnopqrstuvwx", [{ path: "/gift/redeem", element: <GiftRedeemPage /> }], {
      session: { ...initialSessionState, loading: false },
    });
    expect(await screen.findByRole("link", { name: "Create your account" })).toHaveAttribute(
      "href",
      "/register?gift_token=abcdefghijklmnopqrstuvwx",
    );
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
  });
});
