import { useEffect } from "react";
import { t } from "./messages.ts";

/**
 * Warns before she leaves an editor whose changes are not saved: the browser's own question when
 * she closes or reloads the tab, and ours when she follows a link to another page of the site.
 * (React Router's useBlocker needs its data router, some 16 KB more on every first visit; the
 * browser's Back button is therefore not asked about.)
 */
export function useLeaveWarning(unsaved: boolean, what: string): void {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    // Capturing on window, it runs before the router's own click handler, which leaves a prevented click alone.
    const askOnLink = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download")) return;
      const next = new URL(link.href, window.location.href);
      if (next.origin !== window.location.origin || next.pathname === window.location.pathname) return;
      if (!window.confirm(t("{what} has changes you have not saved. Leave without saving them?", { what }))) event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    window.addEventListener("click", askOnLink, true);
    return () => {
      window.removeEventListener("beforeunload", warn);
      window.removeEventListener("click", askOnLink, true);
    };
  }, [unsaved, what]);
}
