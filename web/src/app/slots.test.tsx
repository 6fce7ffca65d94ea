import { screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import type { Profile } from "../../../contract/sign-in.ts";
import { useSlots } from "../lib/slots.tsx";
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
});
