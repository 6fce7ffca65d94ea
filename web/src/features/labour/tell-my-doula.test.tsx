import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Profile } from "../../../../contract/sign-in.ts";
import { initialSessionState } from "../../lib/session.ts";
import { renderAt, stubApi } from "../../test/render.tsx";
import TellMyDoula from "./tell-my-doula.tsx";

// docs/labour-line.md: three equal choices; after a press her answer takes their place and is read
// out; the choices come back when sending failed.

const signedIn = {
  session: { ...initialSessionState, isAuthenticated: true, loading: false, user: { id: 7, first_name: "Rosa" } as Profile },
};
const line = { records: [{ id: 3, open: true, on_call: "Maya", doula_off_call: false, latest: null }], for_partner_of: null };
const sent = { id: 11, kind: "labour", sent_at: "2027-05-20T02:14:00Z", status: "sent", seen_by: null, seen_at: null, told: ["Maya"] };

describe("Tell my doula", () => {
  afterEach(() => localStorage.clear());

  it("offers three large choices, and after a press shows the answer where they were, focused for her screen reader", async () => {
    const calls = stubApi({
      "/reactapi/care/labour": [200, line],
      "/reactapi/care/3/labour": [201, { id: 11 }],
      "/reactapi/care/3/labour/11": [200, sent],
    });
    renderAt("/timer", [{ path: "/timer", element: <TellMyDoula /> }], signedIn);
    await screen.findByRole("button", { name: "Labour has started" });
    for (const name of ["Labour has started", "My waters have broken", "Please call me"])
      expect(screen.getByRole("button", { name }).style.minHeight).toBe("56px");

    fireEvent.click(screen.getByRole("button", { name: "Labour has started" }));
    const answer = await screen.findByText(/Sent at .*, not yet seen\. Told: Maya\./);
    expect(screen.queryByRole("button", { name: "Labour has started" })).toBeNull();
    expect(answer.closest("[tabindex='-1']")).toHaveFocus();
    expect(calls.find((call) => call.path === "/reactapi/care/3/labour")!.body).toMatchObject({ kind: "labour" });

    fireEvent.click(screen.getByRole("button", { name: "Send another message" }));
    expect(screen.getByRole("button", { name: "Please call me" })).toBeEnabled();
  });

  it("brings the choices back with the reason when sending failed, so she can press again", async () => {
    stubApi({
      "/reactapi/care/labour": [200, line],
      "/reactapi/care/3/labour": [409, { error: "Your labour line is not open yet." }],
    });
    renderAt("/timer", [{ path: "/timer", element: <TellMyDoula /> }], signedIn);
    fireEvent.click(await screen.findByRole("button", { name: "Please call me" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Your labour line is not open yet.");
    expect(screen.getByRole("button", { name: "Please call me" })).toBeEnabled();
    expect(screen.queryByRole("button", { name: "Send another message" })).toBeNull();
  });
});
