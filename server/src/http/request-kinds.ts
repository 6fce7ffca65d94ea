/**
 * Whether a request asks for the API or for one of the app's pages, whose language and session
 * matter, rather than for a file of the build (a script, an icon, the service worker), which is
 * the same for everyone.
 */
export function needsReader(url: string): boolean {
  if (url.startsWith("/reactapi/")) return true;
  const pathname = url.split("?")[0]!;
  return !pathname.startsWith("/assets/") && !/\.[A-Za-z0-9]+$/.test(pathname);
}
