import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { routes } from "../lib/routes.ts";
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

// The build hands the route table's addresses to the server, which answers them with 200 and any
// other page address with 404 (server/src/app.ts): every one of them must show a screen.
describe("the app's routes", () => {
  it("shows the kind not-found page for an address it does not know", async () => {
    const view = await showAt("/no-such-page");
    expect(await screen.findByRole("heading", { name: "This page does not exist" })).toBeInTheDocument();
    view.unmount();
  });

  it.each(routes.map((route) => route.path))("has a screen for %s", async (path) => {
    const view = await showAt(path.replace(/:[a-z]+/g, "7"));
    expect(screen.queryByRole("heading", { name: "This page does not exist" })).toBeNull();
    view.unmount();
  });
});
