import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { routes } from "../lib/routes.ts";
import { stubApi } from "../test/render.tsx";
import { Providers } from "./providers.tsx";
import { AppRoutes, preloadFirstScreen } from "./router.tsx";
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

describe("a page's first answers", () => {
  const member = {
    id: 1,
    email: "maya@example.com",
    first_name: "Maya",
    last_name: null,
    role: "member" as const,
    created_at: "2026-01-01T00:00:00.000Z",
    due_date: null,
    baby_arrived: false,
    email_confirmed: true,
  };
  const course = { id: 1, course_title: "Birth", course_description: "", course_logo: 0, course_access: "true", subscription_plans: [] };
  const module = {
    id: 10,
    reference_code: "M10",
    parent_reference_code: "C1",
    course: 1,
    module_title: "Breathing",
    module_order: 1,
    module_description: null,
    visible_in_preview: true,
    lessons: [],
  };

  it("are asked beside the session check with the screen's own arguments, so the course page asks nothing again", async () => {
    const calls = stubApi({
      "/reactapi/getcourses": [200, { courses: [course], subscription_plans: [] }],
      "/reactapi/getuseraccessdata": [200, { course_access: [1], grants: [] }],
      "/reactapi/getcoursemodules": [200, [module]],
      "/reactapi/progress/courses/1": [200, { course_id: 1, completed: 0, total: 0, lessons: [], certificate_available: false }],
      "/reactapi/community/me": [200, { display_name: "Maya", pseudonym: null, mails: true, collapsed_notes: [], unread: 0 }],
      "/reactapi/capabilities/off": [200, { off: [] }],
    });
    const store = createStore({ session: { isAuthenticated: true, user: member, loading: false, registered: false, error: null } });
    await preloadFirstScreen({ pathname: "/course", search: "?course=1" }, { signedIn: true, dispatch: store.dispatch });
    const asked = calls.map((call) => `${call.path} ${JSON.stringify(call.body ?? null)}`).sort();
    expect(asked).toEqual([
      "/reactapi/capabilities/off null",
      "/reactapi/community/me null",
      '/reactapi/getcoursemodules {"query":1}',
      "/reactapi/getcourses null",
      '/reactapi/getuseraccessdata {"query":"course_access"}',
      "/reactapi/progress/courses/1 null",
    ]);

    render(
      <Providers store={store}>
        <MemoryRouter initialEntries={["/course?course=1"]}>
          <AppRoutes />
        </MemoryRouter>
      </Providers>,
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Birth" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Breathing/ })).toBeInTheDocument();
    expect(calls).toHaveLength(6);
  });

  it("include the answers of the slots a page shows as it opens: /home's cards, /account's sections", async () => {
    const asked = async (pathname: string) => {
      const store = createStore({ session: { isAuthenticated: true, user: member, loading: false, registered: false, error: null } });
      const calls = stubApi({});
      await preloadFirstScreen({ pathname, search: "" }, { signedIn: true, dispatch: store.dispatch });
      return [...new Set(calls.map((call) => call.path))].sort();
    };
    expect(await asked("/home")).toEqual([
      "/reactapi/account/partner",
      "/reactapi/account/saved-lessons",
      "/reactapi/announcements",
      "/reactapi/bookings/mine",
      "/reactapi/capabilities/off",
      "/reactapi/care",
      "/reactapi/classes",
      "/reactapi/community/me",
      "/reactapi/journey",
      "/reactapi/progress/summary",
    ]);
    expect(await asked("/account")).toEqual([
      "/reactapi/account",
      "/reactapi/bookings/mine",
      "/reactapi/capabilities/off",
      "/reactapi/community/me",
      "/reactapi/journey",
    ]);
  });

  it("ask nothing for a visitor, whose page would only be refused them", async () => {
    const calls = stubApi({});
    await preloadFirstScreen({ pathname: "/library", search: "" }, { signedIn: false, dispatch: createStore().dispatch });
    expect(calls).toEqual([]);
  });
});
