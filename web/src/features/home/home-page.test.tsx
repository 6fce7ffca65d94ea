import { screen, within } from "@testing-library/react";
import type { Profile } from "../../../../contract/sign-in.ts";
import { initialSessionState } from "../../lib/session.ts";
import { describe, expect, it } from "vitest";
import { renderAt, stubApi } from "../../test/render.tsx";
import HomePage from "./home-page.tsx";

const summary = { courses: [], continue: null, next: null, pacing: { stage: "unknown", week: null, lessons: [] } };

describe("the home page", () => {
  it("waits for her summary, so the cards never push what she is reading down", async () => {
    stubApi({ "/reactapi/progress/summary": [200, summary] });
    renderAt("/home", [{ path: "/home", element: <HomePage /> }]);
    expect(screen.getByRole("heading", { name: "Welcome to the Beta", level: 1 })).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Loading your home page" })).toBeInTheDocument();
    expect(screen.queryByText("Vector Art Gallery")).toBeNull();

    const card = await screen.findByRole("region", { name: "When is your baby due?" });
    const gallery = screen.getByText("Vector Art Gallery");
    expect(card.compareDocumentPosition(gallery) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole("progressbar", { name: "Loading your home page" })).toBeNull();
  });

  it("shows her next confirmed session first, in her zone, with its page", async () => {
    const session = (state: string, start: string, token: string) => ({
      id: token.length,
      token,
      service_id: 1,
      service_name: `Consultation (${state})`,
      state,
      start,
      end: new Date(new Date(start).getTime() + 20 * 60_000).toISOString(),
      time_zone: "Europe/London",
      location_kind: "video",
      location: "",
      due_date: null,
      note: "",
      change_until: start,
      can_change: true,
      refund_on_cancel: false,
      paid: false,
      contact_email: "hello@example.com",
    });
    const soon = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
    const later = new Date(Date.now() + 9 * 24 * 3600_000).toISOString();
    stubApi({
      "/reactapi/progress/summary": [200, summary],
      "/reactapi/bookings/mine": [
        200,
        { bookings: [session("cancelled", soon, "cancelled-token-aaaaaaaaaa"), session("confirmed", later, "confirmed-token-aaaaaaaaaa")] },
      ],
    });
    renderAt("/home", [{ path: "/home", element: <HomePage /> }]);
    const card = await screen.findByRole("region", { name: "Your next session" });
    expect(card).toHaveTextContent("Consultation (confirmed)");
    expect(card).toHaveTextContent(`(${Intl.DateTimeFormat().resolvedOptions().timeZone.replaceAll("_", " ")} time)`);
    expect(screen.getByRole("link", { name: "See or change it" })).toHaveAttribute("href", "/booking/confirmed-token-aaaaaaaaaa");
  });

  it("shows the instructor's announcements first, each paragraph as she wrote it", async () => {
    stubApi({
      "/reactapi/progress/summary": [200, summary],
      "/reactapi/announcements": [
        200,
        {
          announcements: [
            { id: 4, title: "Closed for the holidays", body: "Back on the 3rd.\n\nRest well.", sent_at: "2026-12-20T10:00:00Z" },
          ],
        },
      ],
    });
    renderAt("/home", [{ path: "/home", element: <HomePage /> }]);
    const card = await screen.findByRole("region", { name: "From your doula" });
    expect(screen.getByRole("article", { name: "Closed for the holidays" })).toBeInTheDocument();
    expect(card.querySelectorAll("p")).toHaveLength(3);
    expect(card).toHaveTextContent("Rest well.");
    expect(card.compareDocumentPosition(screen.getByText("Vector Art Gallery")) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows the page without the cards when the summary cannot load", async () => {
    stubApi({ "/reactapi/progress/summary": [500, { error: "down" }] });
    renderAt("/home", [{ path: "/home", element: <HomePage /> }]);
    expect(await screen.findByText("Vector Art Gallery")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "When is your baby due?" })).toBeNull();
  });

  it("gives the doula her way into the studio first thing, and a member none", async () => {
    stubApi({ "/reactapi/progress/summary": [200, summary] });
    const doula = {
      ...initialSessionState,
      isAuthenticated: true,
      loading: false,
      user: { id: 1, role: "admin", first_name: "Maya" } as Profile,
    };
    const { unmount } = renderAt("/home", [{ path: "/home", element: <HomePage /> }], { session: doula });
    const card = await screen.findByRole("region", { name: "Your studio" });
    expect(within(card).getByRole("link", { name: "Open the studio" })).toHaveAttribute("href", "/studio");
    unmount();
    const member = { ...doula, user: { id: 2, role: "member", first_name: "Rosa" } as Profile };
    renderAt("/home", [{ path: "/home", element: <HomePage /> }], { session: member });
    await screen.findByRole("region", { name: "When is your baby due?" });
    expect(screen.queryByRole("region", { name: "Your studio" })).toBeNull();
  });
});
