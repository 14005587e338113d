const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS/, 'Firefox'],
  [/Google Chrome|Chrome\/|CriOS/, 'Chrome'],
  [/Chromium/, 'Chromium'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iOS/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|macOS|Macintosh/, 'macOS'],
  [/CrOS|Chrome OS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const first = (list: [RegExp, string][], text: string) => list.find(([pattern]) => pattern.test(text))?.[1];

/**
 * A readable name for a device, from the name its browser registered it under (the user agent, or the client hints
 * "platform version … brand/version;…"): "Chrome no Windows". Null when nothing is recognised.
 */
export function deviceLabel(name: string | undefined): string | null {
  if (!name) return null;
  const browser = first(BROWSERS, name);
  const system = first(SYSTEMS, name);
  if (browser && system) return `${browser} no ${system}`;
  return browser ?? system ?? null;
}
