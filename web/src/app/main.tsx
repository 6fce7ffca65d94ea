import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { verifySession } from "../features/auth/session-slice.ts";
import { Providers } from "./providers.tsx";
import { AppRouter } from "./router.tsx";
import { createStore } from "./store.ts";

const store = createStore();
// SPEC §2: on start the app loads the current user once.
void store.dispatch(verifySession());

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Providers store={store}>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
