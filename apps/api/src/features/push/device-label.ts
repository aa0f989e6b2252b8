/**
 * A short Spanish name for a browser, from its User-Agent, so a person can tell their devices apart
 * in Mi Cuenta ('Chrome en Android'). Only the browser family and the system: nothing that singles
 * out the person's device more than that.
 */
export function deviceLabelOf(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /SamsungBrowser\//.test(ua)
      ? 'Samsung Internet'
      : /(OPR|Opera)\//.test(ua)
        ? 'Opera'
        : /(Firefox|FxiOS)\//.test(ua)
          ? 'Firefox'
          : /(Chrome|Chromium|CriOS)\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : 'Navegador';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  return system ? `${browser} en ${system}` : browser;
}
