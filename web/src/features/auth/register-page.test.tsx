import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../test/render.tsx";
import RegisterPage from "./register-page.tsx";

// The studio's access codes give an invite link (/register?code=…); the page it opens fills the code in.
describe("the register page opened from an invite link", () => {
  it("fills the access code from the link", async () => {
    renderAt("/register?code=spring-circle", [{ path: "/register", element: <RegisterPage /> }]);
    await waitFor(() => expect(screen.getByLabelText(/Access code/)).toHaveValue("SPRING-CIRCLE"));
  });
});
