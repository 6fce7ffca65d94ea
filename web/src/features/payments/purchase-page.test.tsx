import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderAt, stubApi } from "../../test/render.tsx";
import PurchasePage from "./purchase-page.tsx";
import PurchaseSuccessPage from "./purchase-success-page.tsx";

vi.mock("./payments-api.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./payments-api.ts")>()),
  leaveFor: vi.fn(),
}));
const { leaveFor } = await import("./payments-api.ts");

const monthly = {
  id: 1,
  name: "Full Membership",
  description: "Everything",
  price: 1900,
  currency: "USD",
  billing_interval: "month",
  course_ids: [3, 4],
};
const once = {
  id: 2,
  name: "Pushing Course",
  description: "Just this one",
  price: 4900,
  currency: "USD",
  billing_interval: "once",
  course_ids: [4],
};
const courses = {
  courses: [
    {
      id: 4,
      course_title: "Pushing and Avoiding Tearing",
      course_description: "",
      course_logo: 3,
      course_access: "false",
      subscription_plans: [monthly, once],
    },
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
const noPurchases = { purchases: [], can_manage_billing: false };

function purchaseApi(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    "/reactapi/site": [200, site],
    "/reactapi/getcourses": [200, courses],
    "/reactapi/getuseraccessdata": [200, { accessible_course_ids: [], grants: [] }],
    "/reactapi/getcoursemodules": [200, []],
    "/reactapi/payments/mine": [200, noPurchases],
    ...extra,
  });
}

const showPurchase = (path = "/purchase?course=4") =>
  renderAt(path, [
    { path: "/purchase", element: <PurchasePage /> },
    { path: "/purchase/success", element: <PurchaseSuccessPage /> },
  ]);

describe("the Purchase page with online payment", () => {
  it("offers Subscribe for a monthly plan and Buy for a one-time one, and sends only the plan to the server", async () => {
    const calls = purchaseApi({ "/reactapi/payments/checkout": [200, { url: "https://checkout.stripe.example/c/pay/cs_test_1" }] });
    showPurchase();
    const membership = await screen.findByRole("region", { name: "Full Membership" });
    expect(within(screen.getByRole("region", { name: "Pushing Course" })).getByRole("button", { name: /^Buy/ })).toHaveAccessibleName(
      "Buy: Pushing Course, $49.00 once",
    );
    await userEvent.click(within(membership).getByRole("button", { name: /^Subscribe/ }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith("https://checkout.stripe.example/c/pay/cs_test_1"));
    expect(calls.find((call) => call.path === "/reactapi/payments/checkout")?.body).toEqual({ plan_id: 1, course_id: 4 });
    expect(within(membership).getByRole("button", { name: /^Subscribe/ })).toBeDisabled();
  });

  it("sends a code she typed with the plan, and shows the server's sentence when the code cannot be used", async () => {
    const calls = purchaseApi({
      "/reactapi/payments/checkout": (body) =>
        (body as { code?: string }).code === "spring-25"
          ? [200, { url: "https://checkout.stripe.example/c/pay/cs_test_9" }]
          : [400, { error: "The code OLD-ONE ended on 2027-03-09." }],
    });
    showPurchase();
    const plan = await screen.findByRole("region", { name: "Pushing Course" });
    expect(screen.getByLabelText("Code")).not.toBeVisible();
    await userEvent.click(screen.getByText("Have a code?"));
    await userEvent.type(screen.getByLabelText("Code"), "old-one");
    expect(screen.getByLabelText("Code")).toHaveAccessibleDescription(
      "The price with the code is shown on the payment page, before you pay.",
    );
    await userEvent.click(within(plan).getByRole("button", { name: /^Buy/ }));
    expect(await within(plan).findByRole("alert")).toHaveTextContent("The code OLD-ONE ended on 2027-03-09.");
    await userEvent.clear(screen.getByLabelText("Code"));
    await userEvent.type(screen.getByLabelText("Code"), "spring-25");
    await userEvent.click(within(plan).getByRole("button", { name: /^Buy/ }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith("https://checkout.stripe.example/c/pay/cs_test_9"));
    expect(calls.filter((call) => call.path === "/reactapi/payments/checkout").at(-1)?.body).toEqual({
      plan_id: 2,
      course_id: 4,
      code: "spring-25",
    });
  });

  it("lets her choose what she pays when the plan offers tiers, and sends the tier she chose", async () => {
    const tiers = [
      { name: "Supported", price: 2500, line: "For a tight month." },
      { name: "Standard", price: 4900, line: "" },
      { name: "Supporter", price: 6900, line: "Pays for a family who could not." },
    ];
    const tiered = { ...once, tiers };
    const calls = stubApi({
      "/reactapi/site": [200, site],
      "/reactapi/getcourses": [200, { courses: [{ ...courses.courses[0]!, subscription_plans: [tiered] }], subscription_plans: [tiered] }],
      "/reactapi/getuseraccessdata": [200, { accessible_course_ids: [], grants: [] }],
      "/reactapi/getcoursemodules": [200, []],
      "/reactapi/payments/mine": [200, noPurchases],
      "/reactapi/payments/checkout": [200, { url: "https://checkout.stripe.example/c/pay/cs_test_8" }],
    });
    showPurchase();
    const plan = await screen.findByRole("region", { name: "Pushing Course" });
    const choice = within(plan).getByRole("group", { name: "Choose what you pay" });
    // Her plan's own price is chosen at first; nothing asks why she chooses another.
    expect(within(choice).getByRole("radio", { name: /Standard: \$49\.00 once/ })).toBeChecked();
    expect(within(choice).getByText("Pays for a family who could not.")).toBeInTheDocument();
    await userEvent.click(within(choice).getByRole("radio", { name: /Supported: \$25\.00 once/ }));
    expect(within(plan).getByRole("button", { name: /^Buy/ })).toHaveAccessibleName("Buy: Pushing Course, $25.00 once");
    await userEvent.click(within(plan).getByRole("button", { name: /^Buy/ }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith("https://checkout.stripe.example/c/pay/cs_test_8"));
    expect(calls.find((call) => call.path === "/reactapi/payments/checkout")?.body).toEqual({
      plan_id: 2,
      course_id: 4,
      tier: "Supported",
    });
  });

  it("shows the server's sentence when the checkout cannot start, and lets her try again", async () => {
    purchaseApi({
      "/reactapi/payments/checkout": [409, { error: "You already have every course of this plan, so there is nothing to pay for." }],
    });
    showPurchase();
    const plan = await screen.findByRole("region", { name: "Pushing Course" });
    await userEvent.click(within(plan).getByRole("button", { name: /^Buy/ }));
    expect(await within(plan).findByRole("alert")).toHaveTextContent("You already have every course of this plan");
    expect(within(plan).getByRole("button", { name: /^Buy/ })).toBeEnabled();
  });

  it("says calmly that nothing was charged when she comes back from a cancelled checkout", async () => {
    purchaseApi();
    showPurchase("/purchase?course=4&checkout=cancelled");
    expect(await screen.findByText(/^No payment was taken\./)).toHaveAttribute("role", "status");
  });

  it("offers Manage billing once she has paid, and goes to Stripe's portal", async () => {
    purchaseApi({
      "/reactapi/payments/mine": [
        200,
        {
          purchases: [
            {
              id: 1,
              plan_name: "Full Membership",
              mode: "subscription",
              amount: 1900,
              currency: "USD",
              status: "paid",
              created_at: "2026-11-01T00:00:00Z",
            },
          ],
          can_manage_billing: true,
        },
      ],
      "/reactapi/payments/portal": [200, { url: "https://billing.stripe.example/p/session/1" }],
    });
    showPurchase();
    await userEvent.click(await screen.findByRole("button", { name: "Manage billing" }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith("https://billing.stripe.example/p/session/1"));
  });
});

describe("the page after payment", () => {
  const paid = { status: "paid", plan_name: "Full Membership", course_ids: [3, 4], courses_open: true };

  it("waits while the payment is on its way, then offers View Course, which opens the course", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    purchaseApi({
      "/reactapi/payments/checkout/cs_test_1": () =>
        ++answers < 2 ? [200, { ...paid, status: "pending", courses_open: false }] : [200, paid],
    });
    const { router } = showPurchase("/purchase/success?course=4&session_id=cs_test_1");
    expect(await screen.findByRole("heading", { name: "Payment received" })).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Opening your course" })).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(2_000);
    await userEvent.click(await screen.findByRole("button", { name: "View Course" }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe("/course?course=4"));
    vi.useRealTimers();
  });

  it("stops after a minute with a sentence that the course will open shortly", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    purchaseApi({ "/reactapi/payments/checkout/cs_test_2": [200, { ...paid, status: "pending", courses_open: false }] });
    showPurchase("/purchase/success?course=4&session_id=cs_test_2");
    await screen.findByRole("heading", { name: "Payment received" });
    await vi.advanceTimersByTimeAsync(62_000);
    expect(await screen.findByText(/your course will open shortly/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "the Support page" })).toHaveAttribute("href", "/support");
    vi.useRealTimers();
  });

  it("asks her to write to the instructor when the payment needs a look", async () => {
    purchaseApi({ "/reactapi/payments/checkout/cs_test_3": [200, { ...paid, status: "amount_mismatch", courses_open: false }] });
    showPurchase("/purchase/success?course=4&session_id=cs_test_3");
    expect(await screen.findByText(/needs a quick look from the instructor/)).toBeInTheDocument();
  });

  it("says so when the checkout is unknown", async () => {
    purchaseApi({ "/reactapi/payments/checkout/cs_test_4": [404, { error: "That checkout does not exist." }] });
    showPurchase("/purchase/success?course=4&session_id=cs_test_4");
    expect(await screen.findByRole("heading", { name: "We could not find this payment" })).toBeInTheDocument();
  });
});
