import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { checkSessionOnStart } from "../features/auth/session-slice.ts";
import { Providers } from "./providers.tsx";
import { AppRouter } from "./router.tsx";
import { createStore } from "./store.ts";

const store = createStore();
void store.dispatch(checkSessionOnStart(document.cookie));

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Providers store={store}>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
