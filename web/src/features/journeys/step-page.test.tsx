import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Profile } from "../../../../contract/sign-in.ts";
import type { MyJourney, MyJourneyStep } from "../../../../contract/journeys.ts";
import { initialSessionState } from "../../lib/session.ts";
import { renderAt, stubApi } from "../../test/render.tsx";
import BirthAction from "./birth-action.tsx";
import JourneyPage from "./journey-page.tsx";
import StepPage from "./step-page.tsx";
import ThisWeekCard, { currentStep } from "./this-week-card.tsx";

// docs/journeys.md: a step's page draws each kind of question of her doula's questionnaire, sends
// her answers as her clients' questionnaires keep them, and turns to the calm page.

const signedIn = {
  session: { ...initialSessionState, isAuthenticated: true, loading: false, user: { id: 7, first_name: "Rosa" } as Profile },
};

const step: MyJourneyStep = {
  id: 5,
  at: "2027-03-14T15:00:00Z",
  title: "How is feeding?",
  text: "Two weeks in.\n\nA few questions.",
  lesson_id: null,
  lesson: null,
  status: "sent",
  check_in: {
    intro: "Feeding at two weeks",
    questions: [
      {
        id: "0",
        text: "How is feeding going?",
        kind: "choice",
        options: [
          { value: 0, label: "Well" },
          { value: 1, label: "It is hard" },
        ],
        scale: null,
        optional: false,
        sensitive: false,
      },
      {
        id: "1",
        text: "What helps?",
        kind: "choices",
        options: [
          { value: 0, label: "Rest" },
          { value: 1, label: "Help at night" },
        ],
        scale: null,
        optional: false,
        sensitive: false,
      },
      {
        id: "2",
        text: "Is your bleeding heavier than a period?",
        kind: "yes_no",
        options: [],
        scale: null,
        optional: false,
        sensitive: true,
      },
      { id: "3", text: "Anything else?", kind: "long_text", options: [], scale: null, optional: true, sensitive: false },
      {
        id: "contact",
        text: "Would you like your doula to contact you?",
        kind: "choice",
        options: [
          { value: 0, label: "No" },
          { value: 1, label: "Yes" },
        ],
        scale: "contact",
        optional: false,
        sensitive: false,
      },
    ],
  },
};

describe("a step of her journey", () => {
  it("asks each kind of question, with her consent for a sensitive one, and shows the calm page with the lines to call", async () => {
    const calls = stubApi({
      "/reactapi/journey/steps/5": [200, step],
      "/reactapi/journey/steps/5/check-in": [
        200,
        {
          message: "Thank you for telling us. Your doula will reach out to you soon.",
          doula_will_reach_out: true,
          crisis_lines: [{ name: "Samaritans", phone: "116 123", note: "Free, day and night." }],
        },
      ],
    });
    renderAt("/journey/steps/5", [{ path: "/journey/steps/:id", element: <StepPage /> }], signedIn);
    await screen.findByRole("heading", { name: "How is feeding?", level: 1 });
    expect(screen.getAllByText(/Two weeks in\.|A few questions\./)).toHaveLength(2);
    const form = screen.getByRole("form", { name: "Your check-in" });
    fireEvent.click(within(screen.getByRole("group", { name: "How is feeding going?" })).getByRole("radio", { name: "It is hard" }));
    const helps = screen.getByRole("group", { name: "What helps?" });
    fireEvent.click(within(helps).getByRole("checkbox", { name: "Rest" }));
    fireEvent.click(within(helps).getByRole("checkbox", { name: "Help at night" }));
    fireEvent.click(within(helps).getByRole("checkbox", { name: "Rest" }));
    fireEvent.click(
      within(screen.getByRole("group", { name: "Is your bleeding heavier than a period?" })).getByRole("radio", { name: "Yes" }),
    );
    fireEvent.change(screen.getByLabelText("Anything else? (optional)"), { target: { value: "Tired." } });
    fireEvent.click(
      within(screen.getByRole("group", { name: "Would you like your doula to contact you?" })).getByRole("radio", { name: "Yes" }),
    );
    fireEvent.click(within(form).getByRole("checkbox", { name: /I agree that my doula keeps these answers/ }));
    fireEvent.click(within(form).getByRole("button", { name: "Send to my doula" }));

    const heading = await screen.findByRole("heading", { name: "Your doula will reach out", level: 1 });
    // Focused by an effect once the page has changed under her.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole("link", { name: "116 123" })).toHaveAttribute("href", "tel:116123");
    expect(calls.find((call) => call.path === "/reactapi/journey/steps/5/check-in")!.body).toEqual({
      consent: true,
      answers: { 0: "It is hard", 1: ["Help at night"], 2: true, 3: "Tired.", contact: 1 },
    });
  });

  it("shows, as this week's step, the last one sent, with the way to its check-in", () => {
    const journey: MyJourney = {
      due_date: "2027-04-11",
      born_on: null,
      time_zone: "America/Chicago",
      paused: false,
      channels: ["mail"],
      steps: [
        { id: 1, at: "2027-03-01T15:00:00Z", title: "Week 34", text: "Hello.", lesson_id: null, check_in_id: null, status: "sent" },
        {
          id: 2,
          at: "2027-03-14T15:00:00Z",
          title: "A check-in",
          text: "How are you?",
          lesson_id: null,
          check_in_id: "wellbeing",
          status: "sent",
        },
        { id: 3, at: "2027-03-21T15:00:00Z", title: "Week 37", text: "Soon.", lesson_id: null, check_in_id: null, status: "upcoming" },
      ],
    };
    expect(currentStep(journey.steps)?.id).toBe(2);
    expect(currentStep(journey.steps.slice(2))?.id).toBe(3);
    renderAt("/home", [{ path: "/home", element: <ThisWeekCard answer={journey} refresh={() => {}} /> }], signedIn);
    const card = screen.getByRole("region", { name: "This week" });
    expect(within(card).getByRole("heading", { name: "A check-in" })).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Answer the check-in" })).toHaveAttribute("href", "/journey/steps/2");
  });

  it("asks for the day of the birth when her pacing says her baby has arrived and no day was recorded", async () => {
    stubApi({
      "/reactapi/journey": [
        200,
        { due_date: "2027-04-11", born_on: null, time_zone: "UTC", paused: false, channels: [], steps: [] } satisfies MyJourney,
      ],
    });
    const arrived = { session: { ...signedIn.session, user: { ...signedIn.session.user, baby_arrived: true } as Profile } };
    renderAt("/journey", [{ path: "/journey", element: <JourneyPage /> }], arrived);
    const notice = await screen.findByText(/Your baby has arrived\./);
    expect(within(notice).getByRole("link", { name: "Tell us the day in your account" })).toHaveAttribute(
      "href",
      "/account#baby-is-here-heading",
    );
  });

  it("answers the pacing card's My baby has arrived with the day, today unless she changes it, recorded as Baby is here", async () => {
    const calls = stubApi({ "/reactapi/account/birth": [200, { message: "Congratulations." }] });
    renderAt("/home", [{ path: "/home", element: <BirthAction /> }], signedIn);
    fireEvent.click(screen.getByRole("button", { name: "My baby has arrived" }));
    const form = screen.getByRole("form", { name: "Baby is here" });
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
    expect(within(form).getByLabelText("Born on")).toHaveValue(day);
    fireEvent.click(within(form).getByRole("button", { name: "Tell my doula the baby is here" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Congratulations.");
    expect(calls.find((call) => call.path === "/reactapi/account/birth")!.body).toEqual({ born_on: day });
  });
});
