// The generated avatar a bot shows when it has none or its image fails to load (spec 1 §2 Bot card).
// Built here as an SVG data address rather than fetched from an avatar service, so cards render
// offline and no bot name leaves the browser.

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0][0], words[1][0]] : Array.from(words[0] ?? '?').slice(0, 2);
  return letters.join('').toUpperCase();
}

/** A stable hue per name, so a bot keeps its colour between visits. */
function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return hash;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function generatedAvatar(name: string): string {
  const hue = hueOf(name);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="32" fill="hsl(${hue} 50% 38%)"/>` +
    `<text x="32" y="33" dominant-baseline="middle" text-anchor="middle" fill="#fff" ` +
    `font-family="system-ui, sans-serif" font-size="24" font-weight="600">${escapeXml(initialsOf(name))}</text>` +
    `</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
