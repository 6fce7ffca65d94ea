import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { StudioBirthPlanTemplate } from "../../../../../contract/birth-plan.ts";
import { renderAt, stubApi } from "../../../test/render.tsx";
import { Themed } from "../../studio/themed.tsx";
import BirthPlanTemplatePage from "./birth-plan-template-page.tsx";

// docs/product.md, Birth preferences: each option may link to the lesson that explains it.
const template: StudioBirthPlanTemplate = {
  revision: 4,
  sections: [
    {
      id: "section-pain",
      title: "Pain relief",
      options: [
        { id: "option-tens", label: "I would like a TENS machine", lesson_id: 1002 },
        { id: "option-gone", label: "Gas and air", lesson_id: 555 },
      ],
    },
  ],
  lessons: [
    { id: 1002, title: "Your birth preferences", course_title: "Comprehensive Childbirth Education" },
    { id: 1010, title: "Breathing", course_title: "Comprehensive Childbirth Education" },
    { id: 2010, title: "Breathing", course_title: "For Dads and Husbands" },
    { id: 2011, title: "Breathing", course_title: "For Dads and Husbands" },
  ],
};

function renderPage() {
  const calls = stubApi({
    "/reactapi/studio/birth-plan": (body) =>
      body === undefined ? [200, template] : [200, { sections: template.sections, revision: 5, message: "Saved." }],
  });
  renderAt("/studio/birth-plan", [
    {
      path: "/studio/birth-plan",
      element: (
        <Themed>
          <BirthPlanTemplatePage />
        </Themed>
      ),
    },
  ]);
  return calls;
}

const posts = (calls: ReturnType<typeof stubApi>) => calls.filter((call) => call.method === "POST");

describe("the studio's birth-preferences sections", () => {
  it("names each option's lesson by title and course, offers every lesson, and saves the one chosen by its id", async () => {
    const calls = renderPage();
    const tens = await screen.findAllByLabelText("Learn about this (lesson)");
    expect(tens[0]).toHaveValue("Your birth preferences · Comprehensive Childbirth Education");
    // A lesson deleted since it was linked leaves the field empty rather than showing a number.
    expect(tens[1]).toHaveValue("");
    const offered = [...document.querySelectorAll(`datalist#${CSS.escape(tens[0]!.getAttribute("list")!)} option`)].map((option) =>
      option.getAttribute("value"),
    );
    expect(offered).toEqual([
      "Your birth preferences · Comprehensive Childbirth Education",
      "Breathing · Comprehensive Childbirth Education",
      "Breathing · For Dads and Husbands (lesson 2010)",
      "Breathing · For Dads and Husbands (lesson 2011)",
    ]);

    fireEvent.change(tens[1]!, { target: { value: "Breathing · For Dads and Husbands (lesson 2011)" } });
    fireEvent.click(screen.getByRole("button", { name: "Save sections" }));
    expect(await screen.findByText("Saved.")).toBeInTheDocument();
    expect(posts(calls).map((call) => call.body)).toEqual([
      {
        revision: 4,
        sections: [
          {
            id: "section-pain",
            title: "Pain relief",
            options: [
              { id: "option-tens", label: "I would like a TENS machine", lesson_id: 1002 },
              { id: "option-gone", label: "Gas and air", lesson_id: 2011 },
            ],
          },
        ],
      },
    ]);
  });

  it("says which lesson name matches no lesson, and sends nothing", async () => {
    const calls = renderPage();
    const fields = await screen.findAllByLabelText("Learn about this (lesson)");
    fireEvent.change(fields[0]!, { target: { value: "Breathing together" } });
    fireEvent.click(screen.getByRole("button", { name: "Save sections" }));
    expect(await screen.findByText("A lesson's name does not match any lesson; nothing was saved.")).toBeInTheDocument();
    expect(fields[0]).toHaveAccessibleDescription("Choose a lesson from the list, or leave this empty.");
    expect(fields[0]).toHaveAttribute("aria-invalid", "true");
    expect(within(screen.getByRole("group", { name: "Section 1" })).getByDisplayValue("Breathing together")).toBe(fields[0]);
    expect(posts(calls)).toEqual([]);
  });
});
