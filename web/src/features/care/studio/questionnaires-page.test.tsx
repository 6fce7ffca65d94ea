import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { QuestionnaireRequest } from "../../../../../contract/care.ts";
import { renderAt, stubApi } from "../../../test/render.tsx";
import QuestionnairesPage from "./questionnaires-page.tsx";

type Sent = { title: string; questions: { kind: string; label: string; options: string[]; optional: boolean; sensitive: boolean }[] };

// docs/care.md, Questionnaires: she starts from a template in the studio's language, and changes it before creating it.
describe("Studio → Questionnaires", () => {
  it("fills the form from a starter template, which she can change, and creates what the form shows", async () => {
    const calls = stubApi({
      "/reactapi/studio/care/questionnaires": (body) =>
        body === undefined ? [200, { questionnaires: [] }] : [201, { id: 4, message: "Created “Your earlier births”." }],
    });
    renderAt("/studio/questionnaires", [{ path: "/studio/questionnaires", element: <QuestionnairesPage /> }]);
    expect(await screen.findByText("No questionnaires yet.")).toBeInTheDocument();
    const template = screen.getByRole("combobox", { name: "Start from a template" });
    expect(
      within(template)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Getting to know you (intake)", "Earlier births", "After the birth (postpartum check-in)"]);
    fireEvent.change(template, { target: { value: "1" } });
    fireEvent.click(screen.getByRole("button", { name: "Fill the form from it" }));
    expect(screen.getByRole("status")).toHaveTextContent("Filled from “Earlier births”: change anything before you create it.");
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveValue("Your earlier births");
    const second = screen.getByRole("group", { name: "Question 2" });
    expect(within(second).getByRole("textbox", { name: "Question" })).toHaveValue("How did your babies arrive?");
    expect(within(second).getByRole("checkbox", { name: /^Sensitive/ })).toBeChecked();
    // Hers to change: one question goes before she creates it.
    fireEvent.click(screen.getByRole("button", { name: "Remove question 4" }));
    fireEvent.click(screen.getByRole("button", { name: "Create the questionnaire" }));
    expect(await screen.findByText("Created “Your earlier births”.")).toBeInTheDocument();
    const sent = calls.find((call) => call.method === "POST")!.body as Sent;
    expect(sent.title).toBe("Your earlier births");
    expect(sent.questions.map((question) => question.label)).toEqual([
      "How many times have you given birth before?",
      "How did your babies arrive?",
      "How do you feel about your earlier births?",
    ]);
    expect(sent.questions[1]).toMatchObject({ kind: "choices", optional: true, sensitive: true });
    expect(sent.questions[1]!.options).toContain("A caesarean birth");
  });

  it("offers only templates the server accepts as they are", async () => {
    stubApi({ "/reactapi/studio/care/questionnaires": [200, { questionnaires: [] }] });
    renderAt("/studio/questionnaires", [{ path: "/studio/questionnaires", element: <QuestionnairesPage /> }]);
    const template = await screen.findByRole("combobox", { name: "Start from a template" });
    for (const option of within(template).getAllByRole("option")) {
      fireEvent.change(template, { target: { value: (option as HTMLOptionElement).value } });
      fireEvent.click(screen.getByRole("button", { name: "Fill the form from it" }));
      const questions = screen.getAllByRole("group", { name: /^Question \d+$/ }).map((group) => {
        const kind = within(group).getByRole("combobox", { name: "Kind" }) as HTMLSelectElement;
        const options = within(group).queryByRole("textbox", { name: "Options, one per line" }) as HTMLTextAreaElement | null;
        return {
          kind: kind.value,
          label: (within(group).getByRole("textbox", { name: "Question" }) as HTMLInputElement).value,
          options: options ? options.value.split("\n") : [],
          optional: (within(group).getByRole("checkbox", { name: "Optional" }) as HTMLInputElement).checked,
          sensitive: (within(group).getByRole("checkbox", { name: /^Sensitive/ }) as HTMLInputElement).checked,
        };
      });
      const title = (screen.getByRole("textbox", { name: "Title" }) as HTMLInputElement).value;
      expect(QuestionnaireRequest.safeParse({ title, questions }).error, option.textContent!).toBeUndefined();
    }
  });
});
