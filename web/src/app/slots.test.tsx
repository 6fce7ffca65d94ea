import { screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import type { Profile } from "../../../contract/sign-in.ts";
import { initialSessionState } from "../lib/session.ts";
import { useSlots } from "../lib/slots.tsx";
import HomePage from "../features/home/home-page.tsx";
import UnsubscribePage from "../features/home/unsubscribe-page.tsx";
import { renderAt, stubApi } from "../test/render.tsx";

const profile = (joined_as: Profile["joined_as"]) => ({ joined_as }) as Profile;

function LessonExtras({ lessonId }: { lessonId: number }) {
  const { lessonExtras } = useSlots();
  return (
    <Suspense fallback={null}>
      {lessonExtras.map((Extra, index) => (
        <Extra key={index} lessonId={lessonId} />
      ))}
    </Suspense>
  );
}

// docs/architecture.md, "Slots": what the capabilities add to screens they do not own, as the app composes it.
describe("the app's slots", () => {
  it("put a lesson's questions under it, loaded from the community's own chunk", async () => {
    stubApi({ "/reactapi/community/lessons/7": [200, { threads: [] }] });
    renderAt("/lesson", [{ path: "/lesson", element: <LessonExtras lessonId={7} /> }]);
    expect(await screen.findByRole("heading", { name: "Questions about this lesson" })).toBeInTheDocument();
    expect(await screen.findByText(/No questions yet/)).toBeInTheDocument();
  });

  it("add the community's settings to a mother's account, not to her partner's", () => {
    let sections: ReturnType<typeof useSlots>["accountSections"] = [];
    function Read() {
      sections = useSlots().accountSections;
      return null;
    }
    renderAt("/account", [{ path: "/account", element: <Read /> }]);
    const shown = (who: Profile["joined_as"]) =>
      sections.filter((section) => section.shownTo?.(profile(who)) ?? true).map((section) => section.title);
    expect(shown("member")).toContain("Community");
    expect(shown("partner")).not.toContain("Community");
  });

  const summary = { courses: [], continue: null, next: null, pacing: { stage: "unknown", week: null, lessons: [] } };
  const signedIn = (joined_as: Profile["joined_as"]) => ({
    session: { ...initialSessionState, isAuthenticated: true, loading: false, user: { ...profile(joined_as), first_name: "Ana" } },
  });

  it("draw the home page's cards from the capabilities, each from its own answer, and leave the birth tools out of a partner's", async () => {
    const partnerLink = {
      joined_as: "partner",
      member: { first_name: "Maya", week: 30, due_date: null, baby_arrived: false, shares_birth_plan: false, shares_timer: false },
    };
    for (const who of ["member", "partner"] as const) {
      stubApi({
        "/reactapi/progress/summary": [200, summary],
        "/reactapi/account/partner": [200, who === "partner" ? partnerLink : { joined_as: "member", member: null }],
      });
      const view = renderAt("/home", [{ path: "/home", element: <HomePage /> }], signedIn(who));
      expect(await screen.findByRole("region", { name: "When is your baby due?" })).toBeInTheDocument();
      if (who === "partner") {
        expect(screen.getByRole("region", { name: "With Maya" })).toBeInTheDocument();
        expect(screen.queryByRole("region", { name: "For the birth" })).toBeNull();
      } else expect(screen.getByRole("region", { name: "For the birth" })).toBeInTheDocument();
      view.unmount();
    }
  });

  it("give the unsubscribe page each list's own words and call, the announcements' when the link names no list", async () => {
    const calls = stubApi({ "/reactapi/classes/unsubscribe/abc": [200, { message: "Stopped." }] });
    renderAt("/unsubscribe?list=classes&token=abc", [{ path: "/unsubscribe", element: <UnsubscribePage /> }]);
    expect(await screen.findByRole("heading", { name: "Class reminders by e-mail" })).toBeInTheDocument();
    screen.getByRole("button", { name: "Stop class reminders" }).click();
    expect(await screen.findByText("Stopped.")).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(["/reactapi/classes/unsubscribe/abc"]);
    renderAt("/unsubscribe?token=abc", [{ path: "/unsubscribe", element: <UnsubscribePage /> }]);
    expect(await screen.findByRole("heading", { name: "Announcements by e-mail" })).toBeInTheDocument();
  });
});
