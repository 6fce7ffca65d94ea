import helmet from "helmet";

/**
 * Helmet's headers, with a Content-Security-Policy that allows only the app itself and the players
 * it embeds. The policy has no per-request part (no nonces), so the headers are worked out once at
 * start instead of by helmet's middleware on every request, which cost a third of the throughput.
 */
export function computeSecurityHeaders({
  production,
  frameSources,
  mediaSources = [],
}: {
  production: boolean;
  frameSources: string[];
  /** Where videos' segments and posters come from besides this server (an S3-compatible store's origin). */
  mediaSources?: string[];
}): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", ...mediaSources],
        // A lesson's own video: hls.js feeds the player through a blob (Media Source Extensions).
        mediaSrc: ["'self'", "blob:", ...mediaSources],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...mediaSources],
        frameSrc: frameSources,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: production ? undefined : false,
  });
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  middleware({} as never, response as never, () => {});
  return headers;
}
