import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { appRoutes } from "../../../contract/constants.ts";
import { stubApi } from "../test/render.tsx";
import { Providers } from "./providers.tsx";
import { AppRoutes } from "./router.tsx";
import { createStore } from "./store.ts";

const site = {
  contact_email: "hello@example.com",
  contact_phone: "1",
  contact_city: "Portland",
  podcast_player_url: "https://example.com",
  online_payment: false,
  links: { podcast_directory: "", blog: "", facebook: "", youtube: "", pinterest: "", instagram: "" },
};

async function showAt(path: string) {
  stubApi({ "/reactapi/site": [200, site] });
  const view = render(
    <Providers store={createStore()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </Providers>,
  );
  // Screens arrive lazily; a spinner stands in until then.
  await waitFor(() => expect(screen.queryByRole("progressbar", { name: "Loading" })).toBeNull(), { timeout: 5_000 });
  return view;
}

// The server answers exactly contract/constants.ts's appRoutes with 200 and anything else with
// 404 (server/src/app.ts): the router must know the same addresses.
describe("the app's routes", () => {
  it("shows the kind not-found page for an address it does not know", async () => {
    const view = await showAt("/no-such-page");
    expect(await screen.findByRole("heading", { name: "This page does not exist" })).toBeInTheDocument();
    view.unmount();
  });

  it.each(appRoutes)("has a screen for %s", async (path) => {
    const view = await showAt(path);
    expect(screen.queryByRole("heading", { name: "This page does not exist" })).toBeNull();
    view.unmount();
  });
});
