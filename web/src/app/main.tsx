import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { startAppUpdates } from "../features/install-app/app-update.ts";
import { listenForInstallOffer } from "../features/install-app/install-prompt.ts";
import { checkSessionOnStart, mayHaveSession } from "../lib/session.ts";
import { Providers } from "./providers.tsx";
import { AppRouter, preloadFirstScreen } from "./router.tsx";
import { createStore } from "./store.ts";

const store = createStore();
void store.dispatch(checkSessionOnStart(document.cookie));
const signedIn = mayHaveSession(document.cookie);

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
// A member's or the studio's page's chunks and first answers come in parallel with the session
// check, so its first render does not show a spinner only to swap it a moment later.
void preloadFirstScreen(window.location, { signedIn, dispatch: store.dispatch }).then(renderApp, renderApp);
// The service worker (offline lessons, clean updates) registers after the page has loaded.
startAppUpdates();
listenForInstallOffer();
