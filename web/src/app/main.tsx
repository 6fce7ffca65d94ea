import { StrictMode, startTransition } from "react";
import { startAppUpdates } from "../features/install-app/app-update.ts";
import { listenForInstallOffer } from "../features/install-app/install-prompt.ts";
import { checkSessionOnStart, mayHaveSession } from "../lib/session.ts";
import { Providers } from "./providers.tsx";
import { AppRouter, preloadFirstScreen } from "./router.tsx";
import { createStore } from "./store.ts";
import { warmLocaleData } from "./warm-locale-data.ts";
import { withoutErrorStacks } from "./without-error-stacks.ts";

warmLocaleData();
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
// React's DOM module is the largest piece of work of a first visit (some 50 ms of a phone's main
// thread as it first runs): it runs in a task of its own once the page's first requests are on
// their way, not in the one that starts them (docs/performance.md).
async function renderApp() {
  const { createRoot, hydrateRoot } = await withoutErrorStacks(() => import("react-dom/client"));
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
