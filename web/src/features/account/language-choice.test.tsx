import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt, stubApi } from "../../test/render.tsx";
import { LanguageChoice } from "./language-choice.tsx";

// docs/languages.md: the language she chooses on /account is saved as she picks it.
describe("her language on /account", () => {
  it("names each language in itself, and saves the one she picks", async () => {
    const calls = stubApi({ "/reactapi/account/language": [200, { language: "es" }] });
    let pageLoadedAgain = 0;
    renderAt("/account", [{ path: "/account", element: <LanguageChoice saved="en" onSaved={() => (pageLoadedAgain += 1)} /> }]);
    const group = screen.getByRole("group", { name: "Language" });
    expect(group).toBeInTheDocument();
    const english = screen.getByRole("radio", { name: "English" });
    const spanish = screen.getByRole("radio", { name: "Español" });
    expect(english).toBeChecked();
    expect(spanish.closest("label")!.querySelector("[lang='es']")).not.toBeNull();
    fireEvent.click(spanish);
    expect(await screen.findByText("Guardado. Te escribiremos en español.")).toBeInTheDocument();
    expect(spanish).toBeChecked();
    expect(calls.map((call) => [call.method, call.body])).toEqual([["POST", { language: "es" }]]);
    // The page turns to her language at once: the server sends it again, in Spanish.
    expect(pageLoadedAgain).toBe(1);
  });

  it("keeps the language she had when the choice is not saved, and says why", async () => {
    stubApi({ "/reactapi/account/language": [503, { error: "The service is busy. Please try again in a moment." }] });
    let pageLoadedAgain = 0;
    renderAt("/account", [{ path: "/account", element: <LanguageChoice saved="es" onSaved={() => (pageLoadedAgain += 1)} /> }]);
    fireEvent.click(screen.getByRole("radio", { name: "English" }));
    expect(await screen.findByText("The service is busy. Please try again in a moment.")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Español" })).toBeChecked();
    expect(pageLoadedAgain).toBe(0);
  });
});
