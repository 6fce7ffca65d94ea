import type { ReactNode } from "react";
import { useSession } from "../lib/session.ts";
import { Navigate, useLocation } from "react-router";
import { Spinner } from "./spinner.tsx";
import { t } from "../lib/i18n.ts";

/**
 * The gate of the member pages (docs/product.md, Screens): a visitor goes to /login (which brings them back
 * here afterwards); while the session is being checked, or the profile is on its way, a spinner.
 */
export function RequireMember({ children }: { children: ReactNode }) {
  const { isAuthenticated, loading, user } = useSession();
  const location = useLocation();
  if (!isAuthenticated && !loading && !user) {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (loading || !user) return <Spinner label={t("Checking your session")} />;
  return <>{children}</>;
}
