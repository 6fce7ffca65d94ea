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

  it("registers with the token in the invitation's field and asks no access code", async () => {
    const calls = stubApi({ "/reactapi/users/register": [201, { id: 1 }] });
    const { router } = renderAt("/register?care_invitation=tok-123", [
      { path: "/register", element: <RegisterPage /> },
      { path: "/login", element: <p>login</p> },
    ]);
    expect(await screen.findByText(/Your doula invited you to your client space/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Access code/)).toBeNull();
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toBeEnabled());
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "maya@example.com" } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: "a long enough password" } });
    fireEvent.click(screen.getByRole("button", { name: /Register|Submit|Create/ }));
    await waitFor(() => expect(calls.map((call) => call.path)).toContain("/reactapi/users/register"));
    expect(calls.find((call) => call.path === "/reactapi/users/register")!.body).toMatchObject({
      email: "maya@example.com",
      care_invitation: "tok-123",
    });
    expect(calls.find((call) => call.path === "/reactapi/users/register")!.body).not.toHaveProperty("access_code");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.state).toEqual({ from: "/care" });
  });
});
