// MUI's own ThemeProvider also carries its CSS-variables provider (about 3 KB gzipped on every
// page) for colour schemes this site does not use; the system provider underneath does the rest.
import { ThemeProvider } from "@mui/system";
import type { ReactNode } from "react";
import { Provider } from "react-redux";
import { theme } from "../lib/theme.ts";
import type { AppStore } from "./store.ts";

export function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        {children}
      </ThemeProvider>
    </Provider>
  );
}
