import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers on every answer (the console's page, its files, API answers and errors): a
 * Content-Security-Policy without inline script, no framing (clickjacking a "Run script" button),
 * nosniff, a referrer policy, and HSTS when the console is served over https.
 */
export const securityHeadersPlugin = fp(async (app) => {
  const isHttps = app.config.publicUrl?.startsWith('https://') ?? false;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // Mantine writes its theme variables into <style> elements at run time; no script runs from them.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers the same-origin WebSocket (/events).
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
});

/**
 * The OpenAPI UI's own policy: @fastify/swagger-ui allows its inline scripts by their hashes; its page
 * also writes <style> elements at run time, so styles (never scripts) may be inline, as in the console.
 * Never framed, and without `upgrade-insecure-requests`, which would break the page on plain http.
 */
export const docsContentSecurityPolicy = (header: string) =>
  header
    .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
    .replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';")
    .replace(/\s*upgrade-insecure-requests;?/, '')
    .trim();
