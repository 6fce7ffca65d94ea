import { screen } from "@testing-library/react";
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

  it("shows the page without the cards when the summary cannot load", async () => {
    stubApi({ "/reactapi/progress/summary": [500, { error: "down" }] });
    renderAt("/home", [{ path: "/home", element: <HomePage /> }]);
    expect(await screen.findByText("Vector Art Gallery")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "When is your baby due?" })).toBeNull();
  });
});
