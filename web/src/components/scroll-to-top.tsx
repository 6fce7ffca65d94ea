import { useEffect } from "react";
import { useLocation } from "react-router";

/** Every new screen starts at its top, as a new page would. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
