// The build's server-side entry (scripts/prerender.mjs): renders the public pages to HTML so a
// visitor on a slow phone reads the page before its JavaScript arrives; the app then hydrates it.
import { capabilityOfModule } from "../lib/capabilities-off.ts";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { noSessionToVerify } from "../lib/session.ts";
import { Providers } from "./providers.tsx";
import { AppRoutes } from "./router.tsx";
import { createStore } from "./store.ts";
import { modulesOf, routes } from "../lib/routes.ts";
import { activateLanguage } from "../lib/i18n.ts";
import { type Language, languages, sourceLanguage, textDirections } from "../../../contract/languages.ts";

/** The languages the build writes every page in (scripts/prerender.mjs). */
export const languageFacts = { languages, sourceLanguage, textDirections };

/** The pages a visitor meets first (routes.ts marks them); they depend on nothing but the URL. */
export const prerenderedRoutes = routes.filter((route) => route.prerender).map((route) => route.path);

/** Every address of the app and the modules its first visit loads, which the build writes for the server (scripts/prerender.mjs). */
export const appRoutes = routes.map((route) => ({
  path: route.path,
  modules: modulesOf(route),
  // A slot's parts travel in one chunk named after it (web/chunk-groups.ts).
  chunks: route.firstNeeds?.slots ?? [],
  images: route.firstNeeds?.images ?? [],
  // The server answers the not-found page for it while she has turned this capability off.
  capability: capabilityOfModule(route.screen),
}));

/** The markup of one route as a visitor's browser renders it first (see main.tsx), in one language. */
export async function renderRoute(route: string, language: Language): Promise<string> {
  activateLanguage(language);
  const store = createStore();
  // The server sends these pages only to browsers without the signed-in hint, which skip the check.
  store.dispatch(noSessionToVerify());
  // prerender, unlike renderToString, waits for the lazily loaded screens.
  const { prelude } = await prerender(
    <StrictMode>
      <Providers store={store}>
        <StaticRouter location={route}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
