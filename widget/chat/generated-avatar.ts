// The bot's picture when it has none (spec 3 §9: a generated avatar): its initials on a colour
// derived from its name, drawn as an SVG data address so nothing is fetched from anywhere.
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0][0], words[1][0]] : Array.from(words[0] ?? '?').slice(0, 2);
  return letters.join('').toUpperCase();
}

export function generatedAvatar(name: string): string {
  let hue = 0;
  for (const char of name) hue = (hue * 31 + (char.codePointAt(0) ?? 0)) % 360;
  const initials = initialsOf(name).replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" ` +
    `fill="hsl(${hue} 50% 38%)"/><text x="32" y="33" dominant-baseline="middle" text-anchor="middle" ` +
    `fill="#fff" font-family="system-ui,sans-serif" font-size="24" font-weight="600">${initials}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
