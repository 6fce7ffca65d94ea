import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Profile } from "../../../../contract/sign-in.ts";
import { initialSessionState } from "../../lib/session.ts";
import { renderAt, stubApi } from "../../test/render.tsx";
import CareCard from "./care-card.tsx";
import CarePage from "./care-page.tsx";

const signedIn = {
  session: { ...initialSessionState, isAuthenticated: true, loading: false, user: { joined_as: "partner", first_name: "Tom" } as Profile },
};
const doula = { name: "Maya Ellison", photo: "a".repeat(64), email: "maya@calmbirth.example" };
const partnerRecord = {
  id: 4,
  mother_first_name: "Lena",
  due_date: "2027-06-01",
  on_call_from: "2027-05-18",
  on_call_until: "2027-06-21",
  doula_name: doula.name,
  visits: [] as { starts_at: string; ends_at: string; service: string; state: string }[],
};

// docs/care.md: her partner reads her doula, the on-call window and the visits; never the money, notes or questionnaires.
describe("the client space on her partner's account", () => {
  it("shows her doula, the on-call window and the visits, and nothing of her payments, notes or questionnaires", async () => {
    stubApi({
      "/reactapi/care": [
        200,
        {
          records: [],
          doula,
          pay_online: true,
          partner_of: [
            {
              ...partnerRecord,
              visits: [
                { starts_at: "2027-03-02T15:00:00Z", ends_at: "2027-03-02T16:00:00Z", service: "Prenatal visit", state: "confirmed" },
              ],
            },
          ],
        },
      ],
    });
    renderAt("/care", [{ path: "/care", element: <CarePage /> }], signedIn);
    expect(await screen.findByRole("heading", { name: "Her doula, Maya Ellison" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: doula.email })).toHaveAttribute("href", `mailto:${doula.email}`);
    // Her name is the heading beside it: the photo is not read out a second time.
    expect(document.querySelector(".care-doula-photo")).toHaveAttribute("alt", "");
    expect(screen.getByRole("heading", { name: /^Lena's care, due / })).toBeInTheDocument();
    expect(screen.getByText("Her doula is on call from 18 May to 21 June.")).toBeInTheDocument();
    expect(screen.getByText(/Prenatal visit/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Visits" })).toBeInTheDocument();
    for (const hidden of [
      "Payments",
      "Questionnaires",
      "From your doula",
      "Messages with your doula",
      "Your agreement",
      "Your agreement, to sign",
    ])
      expect(screen.queryByRole("heading", { name: hidden })).toBeNull();
    expect(screen.queryByRole("link", { name: "Book your next visit" })).toBeNull();
  });
});

// /home's card (web/src/feature-slots.ts): the one thing her space asks of her next; her partner's, the weeks and the way in.
describe("the client space's card on /home", () => {
  it("shows her partner the on-call weeks and the way to her visits, and nothing when there is no care", () => {
    const answer = { records: [], doula, pay_online: false, partner_of: [partnerRecord] };
    const { unmount } = renderAt("/home", [{ path: "/home", element: <CareCard answer={answer} refresh={() => {}} /> }]);
    expect(screen.getByRole("heading", { name: "Her doula" })).toBeInTheDocument();
    expect(screen.getByText("Her doula is on call from 18 May to 21 June.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Her visits and on-call weeks" })).toHaveAttribute("href", "/care");
    unmount();
    renderAt("/home", [{ path: "/home", element: <CareCard answer={{ ...answer, partner_of: [] }} refresh={() => {}} /> }]);
    expect(screen.queryByRole("heading")).toBeNull();
  });
});

// docs/gifts.md, pay what you can: her agreement is made with the fee she chooses, so she chooses before she reads it.
describe("her fee among her package's tiers", () => {
  const mother = {
    session: { ...initialSessionState, isAuthenticated: true, loading: false, user: { first_name: "Rosa" } as Profile },
  };
  const record = {
    id: 7,
    package_name: "Birth support",
    due_date: "2027-06-01",
    on_call_from: "2027-05-18",
    on_call_until: "2027-06-21",
    stage: "invited",
    doula_name: doula.name,
    tiers: [
      { name: "Supported", price: 90_000, line: "For a tighter budget" },
      { name: "Standard", price: 150_000, line: "" },
    ],
    tier: null as string | null,
    currency: "USD",
    agreement: { text: "The fee is $1,500.00.", sha256: "0".repeat(64), signed: false, signed_at: null, signed_name: null, drawn: false },
    payments: [
      {
        id: 1,
        kind: "deposit",
        amount: 30_000,
        currency: "USD",
        due_on: "2026-12-01",
        paid: false,
        paid_at: null,
        waived: false,
        refunded: false,
        from_registry: 0,
        received: 0,
        codes: [],
      },
    ],
    notes: [],
    files: [],
    questionnaires: [],
    visits: [],
    messages: [],
  };

  it("asks her to choose a fee before showing the agreement to sign, and sends the one she chose", async () => {
    const calls = stubApi({
      "/reactapi/care": [200, { records: [record], doula, pay_online: true, partner_of: [] }],
      "/reactapi/care/7/tier": [200, { message: "Thank you. Your agreement and payments below are made with the fee you chose." }],
    });
    renderAt("/care", [{ path: "/care", element: <CarePage /> }], mother);
    const supported = await screen.findByRole("radio", { name: /Supported: \$900\.00/ });
    expect(screen.getByRole("group", { name: "What you pay" })).toBeInTheDocument();
    expect(screen.getByText("For a tighter budget")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "The agreement" })).toBeNull();
    expect(screen.queryByRole("form", { name: "Sign the agreement" })).toBeNull();
    expect(screen.getByRole("button", { name: "Choose this fee" })).toBeDisabled();
    fireEvent.click(supported);
    fireEvent.click(screen.getByRole("button", { name: "Choose this fee" }));
    await screen.findByText("Thank you. Your agreement and payments below are made with the fee you chose.");
    expect(calls.find((call) => call.method === "POST")).toMatchObject({ path: "/reactapi/care/7/tier", body: { tier: "Supported" } });
  });

  it("shows the agreement to sign once she has chosen, and lets her choose again until she signs", async () => {
    stubApi({ "/reactapi/care": [200, { records: [{ ...record, tier: "Standard" }], doula, pay_online: true, partner_of: [] }] });
    renderAt("/care", [{ path: "/care", element: <CarePage /> }], mother);
    expect(await screen.findByRole("region", { name: "The agreement" })).toBeInTheDocument();
    expect(await screen.findByText("The fee is $1,500.00.")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /Standard: \$1,500\.00/ })).toBeChecked();
    expect(screen.getByText("You can choose another fee until you sign.")).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Sign the agreement" })).toBeInTheDocument();
  });
});
