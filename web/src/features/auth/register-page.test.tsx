import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt, stubApi } from "../../test/render.tsx";
import LoginPage from "./login-page.tsx";
import RegisterPage from "./register-page.tsx";

// The studio's access codes give an invite link (/register?code=…); the page it opens fills the code in.
describe("the register page opened from an invite link", () => {
  it("fills the access code from the link", async () => {
    renderAt("/register?code=spring-circle", [{ path: "/register", element: <RegisterPage /> }]);
    await waitFor(() => expect(screen.getByLabelText(/Access code/)).toHaveValue("SPRING-CIRCLE"));
  });
});

// A link a capability mails to someone with no account (docs/architecture.md, "Slots": invitations),
// here a doula's link to a new birth client's space.
describe("a mailed invitation to a page of the app", () => {
  it("brings a visitor to the login page, which says why and links to registering with the token", async () => {
    renderAt({ pathname: "/login", state: { from: "/care?invitation=tok-123" } }, [{ path: "/login", element: <LoginPage /> }]);
    // The capability's words come in its own chunk.
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Your doula has opened a client space for you."), {
      timeout: 10_000,
    });
    expect(screen.getByRole("link", { name: /Create your account/ })).toHaveAttribute("href", "/register?care_invitation=tok-123");
  });

  it("says nothing of an invitation when she came from anywhere else", () => {
    renderAt({ pathname: "/login", state: { from: "/library?invitation=tok-123" } }, [{ path: "/login", element: <LoginPage /> }]);
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByRole("link", { name: /Sign Up Now/ })).toHaveAttribute("href", "/register");
  });

  it("fills in what her doula typed, registers with the token and no access code, and opens her space signed in", async () => {
    const calls = stubApi({
      "/reactapi/users/invited": [200, { email: "rosa@example.com", first_name: "Rosa", last_name: "Díaz" }],
      "/reactapi/users/register": [201, { id: 1, email: "rosa@example.com", role: "member" }],
    });
    const { router } = renderAt("/register?care_invitation=tok-123", [
      { path: "/register", element: <RegisterPage /> },
      { path: "/care", element: <p>her space</p> },
    ]);
    expect(await screen.findByText(/Your doula invited you to your client space/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Access code/)).toBeNull();
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveValue("rosa@example.com"));
    expect(calls.find((call) => call.path === "/reactapi/users/invited")!.body).toEqual({ care_invitation: "tok-123" });
    expect(screen.getByLabelText(/^First name/)).toHaveValue("Rosa");
    expect(screen.getByLabelText(/^Last name/)).toHaveValue("Díaz");
    await waitFor(() => expect(screen.getByLabelText(/^Password/)).toBeEnabled());
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: "a long enough password" } });
    fireEvent.click(screen.getByRole("button", { name: /Register|Submit|Create/ }));
    await waitFor(() => expect(calls.map((call) => call.path)).toContain("/reactapi/users/register"));
    expect(calls.find((call) => call.path === "/reactapi/users/register")!.body).toMatchObject({
      email: "rosa@example.com",
      first_name: "Rosa",
      care_invitation: "tok-123",
    });
    expect(calls.find((call) => call.path === "/reactapi/users/register")!.body).not.toHaveProperty("access_code");
    await waitFor(() => expect(router.state.location.pathname).toBe("/care"));
    // The router's state changes at once; the page it leads to is drawn in a transition after it.
    expect(await screen.findByText("her space")).toBeInTheDocument();
  });

  it("knows a team invitation: a backup doula registers without a code and lands in On call", async () => {
    stubApi({
      "/reactapi/users/invited": [200, { email: "noor@example.com", first_name: "Noor", last_name: null }],
      "/reactapi/users/register": [201, { id: 2, email: "noor@example.com", role: "team" }],
    });
    const { router } = renderAt("/register?team_invitation=team-tok", [
      { path: "/register", element: <RegisterPage /> },
      { path: "/studio/on-call", element: <p>on call</p> },
    ]);
    expect(await screen.findByText(/invited to join her team as a backup doula/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Access code/)).toBeNull();
    await waitFor(() => expect(screen.getByLabelText(/^First name/)).toHaveValue("Noor"));
    await waitFor(() => expect(screen.getByLabelText(/^Password/)).toBeEnabled());
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: "a long enough password" } });
    fireEvent.click(screen.getByRole("button", { name: /Register|Submit|Create/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/studio/on-call"));
  });

  it("says at once when her link was used already, before she types anything", async () => {
    stubApi({ "/reactapi/users/invited": [403, { error: "This invitation has been used already. Please sign in." }] });
    renderAt("/register?team_invitation=used-tok", [{ path: "/register", element: <RegisterPage /> }]);
    expect(await screen.findByRole("alert", {}, { timeout: 10_000 })).toHaveTextContent(
      "This invitation has been used already. Please sign in.",
    );
  });
});
