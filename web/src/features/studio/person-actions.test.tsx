import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../test/render.tsx";
import { PersonActions } from "./person-actions.tsx";

// docs/architecture.md, "Slots": the links capabilities add beside a person in the studio. One for
// her account (a member's journey) opens its page by her account's id, and only where the studio knows it.

describe("the links beside a person in the studio", () => {
  it("open a form with her details, and her account's pages only beside a member", async () => {
    const { unmount } = renderAt("/", [
      { path: "/", element: <PersonActions person={{ email: "rosa@example.com", name: "Rosa Díaz", memberId: 12 }} /> },
    ]);
    expect(await screen.findByRole("link", { name: "Her journey" })).toHaveAttribute("href", "/studio/journeys/members/12");
    const takeHerOn = new URL(screen.getByRole("link", { name: "Take her on as a birth client" }).getAttribute("href")!, "http://x");
    expect(Object.fromEntries(takeHerOn.searchParams)).toEqual({ email: "rosa@example.com", first_name: "Rosa", last_name: "Díaz" });
    unmount();

    // An enquiry has no account: her details still start the birth client's form, and no account page is offered.
    renderAt("/", [{ path: "/", element: <PersonActions person={{ email: "ana@example.com", name: "Ana" }} /> }]);
    expect(await screen.findByRole("link", { name: "Take her on as a birth client" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Her journey" })).toBeNull();
  });
});
