import { act, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderAt } from "../../test/render.tsx";
import InstallPage from "./install-page.tsx";
import { listenForInstallOffer } from "./install-prompt.ts";

/** The event Chrome fires when it would install the site, with a member who answers `outcome`. */
function installOffer(outcome: "accepted" | "dismissed") {
  const offer = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  return offer;
}

describe("the Get the app page", () => {
  listenForInstallOffer();

  it("shows the steps for iPhone and Android, and Install once the browser offers it", async () => {
    renderAt("/app", [{ path: "/app", element: <InstallPage /> }]);
    expect(screen.getByRole("heading", { name: "On an iPhone or iPad (Safari)" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "On an Android phone (Chrome)" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Follow the steps for your phone below.");
    expect(screen.queryByRole("button", { name: "Install" })).toBeNull();

    const declined = installOffer("dismissed");
    act(() => void window.dispatchEvent(declined));
    expect(declined.defaultPrevented).toBe(true);
    await userEvent.click(await screen.findByRole("button", { name: "Install" }));
    expect(declined.prompt).toHaveBeenCalledOnce();
    expect(await screen.findByText("No problem: you can add it later, as shown below.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Install" })).toBeNull();

    const accepted = installOffer("accepted");
    act(() => void window.dispatchEvent(accepted));
    await userEvent.click(await screen.findByRole("button", { name: "Install" }));
    act(() => void window.dispatchEvent(new Event("appinstalled")));
    expect(await screen.findByText(/The app is on this phone/)).toBeInTheDocument();
  });

  it("is taken over cleanly when the browser made its offer before the app started (the page is pre-rendered without it)", async () => {
    // A page and offer of their own, as on a phone that opens /app for the first time.
    vi.resetModules();
    const { default: FreshPage } = await import("./install-page.tsx");
    (await import("./install-prompt.ts")).listenForInstallOffer();
    const page = (
      <MemoryRouter initialEntries={["/app"]}>
        <FreshPage />
      </MemoryRouter>
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(page);
    document.body.append(container);
    act(() => void window.dispatchEvent(installOffer("dismissed")));
    const recoverable = vi.fn();
    await act(async () => void hydrateRoot(container, page, { onRecoverableError: recoverable }));
    expect(recoverable).not.toHaveBeenCalled();
    // The offer shows in the render after the markup is adopted.
    expect(container.querySelector("button")?.textContent).toBe("Install");
    container.remove();
  });
});
