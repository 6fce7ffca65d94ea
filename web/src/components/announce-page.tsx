import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { brand } from "../../../contract/constants.ts";

const SITE_NAME = brand.name;
const WAIT_FOR_HEADING_MS = 5_000;

/**
 * After each navigation inside the app, names the new page in the tab's title and moves focus to
 * its main heading, so that a screen reader or keyboard user knows where she is, as a new page
 * load would tell her. The first load keeps the browser's own focus; it only sets the title.
 * Screens arrive lazily, so this waits for the heading to appear.
 */
export function AnnouncePage() {
  const { pathname } = useLocation();
  const firstLoad = useRef(true);
  // The previous page stays on screen while the next one loads: its heading is not the new one.
  const announced = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const moveFocus = !firstLoad.current;
    firstLoad.current = false;
    const announce = () => {
      const heading = document.querySelector<HTMLElement>("main h1");
      if (!heading || heading === announced.current || !heading.textContent?.trim()) return false;
      announced.current = heading;
      document.title = `${heading.textContent.trim()} · ${SITE_NAME}`;
      if (moveFocus) {
        if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    if (announce()) return;
    // A spinner stands in for the screen until its code and data arrive.
    const observer = new MutationObserver(() => {
      if (announce()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    const giveUp = setTimeout(() => {
      observer.disconnect();
      // A screen without a heading still must not keep the previous page's name.
      if (!announce()) document.title = SITE_NAME;
    }, WAIT_FOR_HEADING_MS);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
  }, [pathname]);
  return null;
}
