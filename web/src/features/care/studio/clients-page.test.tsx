import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt, stubApi } from "../../../test/render.tsx";
import ClientsPage from "./clients-page.tsx";

const client = (id: number, firstName: string, currency: string, overdue: number, balance: number) => ({
  id,
  first_name: firstName,
  last_name: "Díaz",
  email: `${firstName.toLowerCase()}@example.com`,
  package_name: "Birth support",
  due_date: "2027-06-01",
  on_call_from: "2027-05-18",
  on_call_until: "2027-06-21",
  stage: "signed",
  has_account: true,
  tier: null,
  owed: overdue,
  overdue,
  balance,
  currency,
});

// docs/care.md, The screens: each client's overdue payments and the balance left, and the sums per currency.
describe("Studio → Clients", () => {
  it("shows what each client has overdue and left to pay, and sums them per currency without mixing currencies", async () => {
    stubApi({
      "/reactapi/studio/care/clients": [
        200,
        {
          clients: [
            client(1, "Rosa", "USD", 30_000, 150_000),
            client(2, "Lena", "USD", 0, 40_000),
            client(3, "Ana", "EUR", 10_000, 90_000),
          ],
          takings_this_month: [],
        },
      ],
      "/reactapi/studio/care/packages": [200, { packages: [] }],
    });
    renderAt("/studio/clients", [{ path: "/studio/clients", element: <ClientsPage /> }]);
    const table = await screen.findByRole("table");
    expect(within(table).getByRole("columnheader", { name: "Overdue" })).toBeInTheDocument();
    const rosa = within(table).getByRole("row", { name: /Rosa Díaz/ });
    expect(
      within(rosa)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(["$300.00", "$1,500.00"]));
    expect(
      within(within(table).getByRole("row", { name: /Lena Díaz/ }))
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(["Nothing", "$400.00"]));
    expect(screen.getByText("Overdue: $300.00, €100.00. Left to pay, due or not: $1,900.00, €900.00.")).toBeInTheDocument();
  });
});

// docs/care.md, A client taken on late: what she would owe at once, and her instalments spread on request.
describe("adding a client taken on late", () => {
  it("says what she would owe the day she is invited, and sends the day her instalments are spread to", async () => {
    const carePackage = { id: 4, name: "Birth support", fee: 150_000, currency: "EUR", retired: false };
    const allNow = { today: "2026-12-01", currency: "EUR", payments: ["deposit", "instalment", "instalment", "instalment"] };
    const calls = stubApi({
      "/reactapi/studio/care/clients": (body) =>
        body === undefined ? [200, { clients: [], takings_this_month: [] }] : [201, { id: 9, message: "Added." }],
      "/reactapi/studio/care/packages": [200, { packages: [carePackage] }],
      "/reactapi/studio/care/schedule": (body) => {
        const spreadUntil = (body as { spread_until?: string }).spread_until;
        return [
          200,
          {
            ...allNow,
            payments: allNow.payments.map((kind, index) => ({
              kind,
              amount: index === 0 ? 30_000 : 40_000,
              due_on: spreadUntil && index > 0 ? ["", "2026-12-08", "2026-12-15", spreadUntil][index] : "2026-12-01",
            })),
          },
        ];
      },
    });
    renderAt("/studio/clients", [
      { path: "/studio/clients", element: <ClientsPage /> },
      { path: "/studio/clients/:id", element: <p>her page</p> },
    ]);
    const form = await screen.findByRole("region", { name: "Add a client" });
    fireEvent.change(within(form).getByLabelText(/^E-mail/), { target: { value: "alba@example.com" } });
    fireEvent.change(within(form).getByLabelText(/^Due date/), { target: { value: "2026-12-22" } });
    expect(await within(form).findByText("4 payments fall due the day she is invited: €1,500.00 at once.")).toBeInTheDocument();
    fireEvent.click(within(form).getByRole("radio", { name: "Spread her instalments evenly to a day I choose" }));
    expect(await within(form).findByText(/Her instalments are spread to/)).toBeInTheDocument();
    expect(within(form).getByLabelText("Spread to")).toHaveValue("2026-12-22");
    fireEvent.click(within(form).getByRole("button", { name: "Add and send her link" }));
    expect(await screen.findByText("her page")).toBeInTheDocument();
    expect(calls.find((call) => call.path === "/reactapi/studio/care/clients" && call.method === "POST")!.body).toMatchObject({
      email: "alba@example.com",
      due_date: "2026-12-22",
      package_id: 4,
      spread_until: "2026-12-22",
    });
  });
});
