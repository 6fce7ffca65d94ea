import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { StudioLabourAlert } from "../../../../../contract/labour.ts";
import { renderAt, stubApi } from "../../../test/render.tsx";
import AlertPage from "./alert-page.tsx";

const alert: StudioLabourAlert = {
  id: 7,
  kind: "labour",
  sent_at: "2026-12-20T03:12:00.000Z",
  status: "sent",
  seen_by: null,
  seen_at: null,
  told: ["Maria"],
  record_id: 4,
  name: "Lucía Romero",
  email: "lucia@example.com",
  due_date: "2026-12-28",
  note: "",
  phone: "+1 555 0100",
  address: "",
  timer_last_hour: { count: 0, average_seconds: null, average_interval_minutes: null },
  birth_preferences_shared: false,
  can_hand_over: false,
  backup: null,
};

// docs/languages.md: dates are written through Intl, never as the machine's 2026-12-28.
describe("a labour alert in the studio", () => {
  it("writes her due date as a calendar day of the page's language", async () => {
    stubApi({ "/reactapi/studio/care/labour/7": [200, alert] });
    renderAt("/studio/labour/7", [{ path: "/studio/labour/:id", element: <AlertPage /> }]);
    const due = (await screen.findByText("Due")).nextElementSibling;
    expect(due).toHaveTextContent("28 December 2026");
    expect(document.body).not.toHaveTextContent("2026-12-28");
  });
});
