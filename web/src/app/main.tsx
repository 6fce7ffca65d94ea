import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { startAppUpdates } from "../features/install-app/app-update.ts";
import { listenForInstallOffer } from "../features/install-app/install-prompt.ts";
import { checkSessionOnStart, mayHaveSession } from "../lib/session.ts";
import { ask } from "../lib/answers.ts";
import { courseOfAddress } from "../lib/routes.ts";
import { Providers } from "./providers.tsx";
import { AppRouter, preloadMemberScreen } from "./router.tsx";
import { createStore } from "./store.ts";

const store = createStore();
void store.dispatch(checkSessionOnStart(document.cookie));
// A course's page (a reload, a shared link) asks for its course beside the session check rather
// than after it: on a phone every request waiting for the one before costs a round trip.
const signedIn = mayHaveSession(document.cookie);
const courseOnThisPage = courseOfAddress(window.location.pathname, window.location.search);
if (courseOnThisPage !== null && signedIn) {
  void store.dispatch(ask({ name: "getCourseModules", args: { body: { query: courseOnThisPage } } }));
  void store.dispatch(ask({ name: "getCourses" }));
}

const container = document.getElementById("root")!;
const app = (
  <StrictMode>
    <Providers store={store}>
      <AppRouter />
    </Providers>
  </StrictMode>
);
function renderApp() {
  // Inside a transition React renders (or adopts) the first screen in small slices, so a slow
  // phone's main thread is never blocked for the whole of it (Lighthouse total blocking time).
  startTransition(() => {
    if (container.hasAttribute("data-prerendered")) {
      // A public page rendered at build time (web/src/app/prerender.tsx): the server sends it only
      // to browsers without the signed-in hint, so the visitor state above matches the markup.
      hydrateRoot(container, app);
    } else {
      createRoot(container).render(app);
    }
  });
}
// A member page's chunks come first, in parallel with the session check, so its first render
// does not show a spinner only to swap it a moment later.
void preloadMemberScreen(window.location.pathname, { signedIn, dispatch: store.dispatch }).then(renderApp, renderApp);
// The service worker (offline lessons, clean updates) registers after the page has loaded.
startAppUpdates();
listenForInstallOffer();
