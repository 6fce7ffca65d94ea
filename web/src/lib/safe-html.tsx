import DOMPurify from "dompurify";
import { useMemo } from "react";
import Box, { type BoxProps } from "@mui/material/Box";

/**
 * Renders HTML from the catalogue. The server already sanitises it on the way in; DOMPurify here
 * is the second wall, so a bug or a bypass on one side alone never runs a script in a member's browser.
 */
export function SafeHtml({ html, ...boxProps }: { html: string } & Omit<BoxProps, "dangerouslySetInnerHTML" | "children">) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ["style", "form"] }), [html]);
  return <Box {...boxProps} className={["safe-html", boxProps.className].filter(Boolean).join(" ")} dangerouslySetInnerHTML={{ __html: clean }} />;
}
