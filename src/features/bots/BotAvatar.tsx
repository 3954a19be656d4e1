import { useState } from 'react';
import { generatedAvatar } from './default-avatar';

/** A bot's avatar; a missing or broken image falls back to the generated one (spec 1 §2). */
export function BotAvatar({ src, name, size = 56 }: { src: string; name: string; size?: number }) {
  // Remembers which address failed, so a new address gets its own chance to load.
  const [broken, setBroken] = useState<string | null>(null);
  const usable = src && src !== broken ? src : generatedAvatar(name || 'Bot');
  return (
    <img
      className="bot-avatar"
      src={usable}
      alt={`${name || 'Bot'} avatar`}
      width={size}
      height={size}
      onError={() => setBroken(src)}
    />
  );
}
