import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderAt, stubApi } from "../../test/render.tsx";
import RegistryPage from "./registry-page.tsx";

vi.mock("./leave-for.ts", () => ({ leaveFor: vi.fn() }));
const { leaveFor } = await import("./leave-for.ts");

const registry = {
  first_name: "Rosa",
  line: "Help us welcome our first baby calmly.",
  due_month: null,
  open: true,
  plans: [],
  classes: [
    {
      id: 9,
      title: "Birth preparation evening",
      starts_at: "2027-02-11T18:00:00Z",
      price: 4500,
      currency: "USD",
      places_left: 3,
      tiers: [
        { name: "Supported", price: 3000, line: "" },
        { name: "Standard", price: 4500, line: "" },
        { name: "Supporter", price: 6000, line: "Helps another family come" },
      ],
    },
  ],
  care: null,
  given: { count: 0, totals: [], givers: [] },
};

// docs/gifts.md, her birth registry: a friend may give her a place in a live class she listed.
describe("a class place among her registry's gifts", () => {
  it("offers the class with its price, time and tiers, and sends its id, the tier and a code to Checkout", async () => {
    const calls = stubApi({
      "/reactapi/registry/rosa-abcdefgh": [200, registry],
      "/reactapi/registry/rosa-abcdefgh/contributions": [200, { url: "https://checkout.stripe.com/c/pay/cs_test_1" }],
    });
    renderAt("/registry/rosa-abcdefgh", [{ path: "/registry/:name", element: <RegistryPage /> }]);
    const place = await screen.findByRole("radio", { name: /A place in “Birth preparation evening”: \$45\.00/ });
    expect(place).toBeChecked();
    expect(screen.getByText(/A live class, .*2027.*\. The place is held in her name while you pay\./)).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /Standard: \$45\.00/ })).toBeChecked();
    fireEvent.click(screen.getByRole("radio", { name: /Supporter: \$60\.00/ }));
    fireEvent.click(screen.getByText("Have a code?"));
    fireEvent.change(screen.getByLabelText("Code"), { target: { value: "FRIENDS-10" } });
    fireEvent.change(screen.getByLabelText(/^Your name/), { target: { value: "Lucía Fernández" } });
    fireEvent.change(screen.getByLabelText(/^Your e-mail address/), { target: { value: "lucia@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Go to payment" }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith("https://checkout.stripe.com/c/pay/cs_test_1"));
    expect(calls.find((call) => call.method === "POST")!.body).toEqual({
      class_id: 9,
      tier: "Supporter",
      code: "FRIENDS-10",
      giver_name: "Lucía Fernández",
      giver_email: "lucia@example.com",
      message: "",
      public: true,
    });
  });

  it("shows a full class as full, and cannot choose it: her care is chosen instead", async () => {
    const full = { ...registry, care: { currency: "USD", least: 500 }, classes: [{ ...registry.classes[0]!, places_left: 0 }] };
    stubApi({ "/reactapi/registry/rosa-abcdefgh": [200, full] });
    renderAt("/registry/rosa-abcdefgh", [{ path: "/registry/:name", element: <RegistryPage /> }]);
    const place = await screen.findByRole("radio", { name: /A place in “Birth preparation evening”/ });
    expect(place).toBeDisabled();
    expect(place).not.toBeChecked();
    expect(screen.getByText(/A live class, .*2027.*\. It is full just now, so a place in it cannot be given\./)).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "A contribution to her doula care" })).toBeChecked();
    expect(screen.queryByRole("radio", { name: /Supporter/ })).toBeNull();
  });
});
