import { createStore } from "../app/store.ts";
import type { SharedState } from "../lib/store-hooks.ts";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, type InitialEntry, RouterProvider } from "react-router";
import { Providers } from "../app/providers.tsx";
import { slots } from "../app/slots.ts";
import { studioSlots } from "../app/studio-slots.ts";
import { SlotsContext } from "../lib/slots.tsx";
import { StudioSlotsContext } from "../lib/studio-slots.tsx";

/** Renders a screen at a URL with a fresh store, as the app would. */
export function renderAt(path: InitialEntry, routes: { path: string; element: ReactElement }[], preloadedState?: Partial<SharedState>) {
  const store = createStore(preloadedState);
  const router = createMemoryRouter([...routes, { path: "*", element: <p>elsewhere</p> }], { initialEntries: [path] });
  const view = render(
    <Providers store={store}>
      <SlotsContext.Provider value={slots}>
        <StudioSlotsContext.Provider value={studioSlots}>
          <RouterProvider router={router} />
        </StudioSlotsContext.Provider>
      </SlotsContext.Provider>
    </Providers>,
  );
  return { store, router, ...view };
}

/** Answers fetch calls from a table of path → [status, body]; anything else fails the test loudly. */
export function stubApi(answers: Record<string, [number, unknown] | ((body: unknown) => [number, unknown])>) {
  const calls: { path: string; method: string; body: unknown; headers: Record<string, string> }[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, method: init?.method ?? "GET", body, headers: (init?.headers ?? {}) as Record<string, string> });
    const answer = answers[path];
    if (!answer) throw new Error(`unexpected call to ${path}`);
    const [status, payload] = typeof answer === "function" ? answer(body) : answer;
    return new Response(payload === undefined ? "" : JSON.stringify(payload), { status, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return calls;
}
