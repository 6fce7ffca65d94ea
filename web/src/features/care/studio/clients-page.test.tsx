import { screen, within } from "@testing-library/react";
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
