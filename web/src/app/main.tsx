import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { verifySession } from "../features/auth/session-slice.ts";
import "./global.css";
import { Providers } from "./providers.tsx";
import { createAppRouter } from "./router.tsx";
import { createStore } from "./store.ts";

const store = createStore();
// SPEC §2: on start the app loads the current user once.
void store.dispatch(verifySession());

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Providers store={store}>
      <RouterProvider router={createAppRouter()} />
    </Providers>
  </StrictMode>,
);
