import { useLayoutEffect, useRef } from "react";

// Tags a lesson never needs, removed by either sanitiser.
const FORBIDDEN_TAGS = ["style", "form"];

type ElementWithSetHtml = HTMLElement & { setHTML: (html: string, options: { sanitizer: { removeElements: string[] } }) => void };
const platformSanitises = (element: HTMLElement): element is ElementWithSetHtml =>
  typeof (element as Partial<ElementWithSetHtml>).setHTML === "function";

/**
 * Puts catalogue HTML into the page. The server already sanitises it on the way in; this is the
 * second wall, so a bug or a bypass on one side alone never runs a script in a member's browser.
 * The browser's own sanitiser (Element.setHTML, in Chrome and Firefox) costs no download; where it
 * is missing, DOMPurify loads for it. Until one of them has run, the box stays empty: nothing
 * unsanitised is ever inserted.
 */
export function SafeHtml({ html }: { html: string }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    if (platformSanitises(element)) {
      element.setHTML(html, { sanitizer: { removeElements: FORBIDDEN_TAGS } });
      return;
    }
    let current = true;
    element.replaceChildren();
    import("dompurify")
      .then(({ default: DOMPurify }) => {
        if (current) element.innerHTML = DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: FORBIDDEN_TAGS });
      })
      .catch((error: unknown) => console.error("The sanitiser could not load", error));
    return () => {
      current = false;
    };
  }, [html]);
  return <div ref={box} className="safe-html" />;
}
