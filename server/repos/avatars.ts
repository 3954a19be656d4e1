/**
 * The preset avatars shipped in public/avatars (served next to the app). A fixed list rather than
 * a folder scan: the server may run where the built app lives elsewhere, and clients rely on the
 * order (the first preset is the fallback avatar).
 */
export const DEFAULT_AVATAR_FILES = [
  'avatar-1.svg',
  'avatar-2.svg',
  'avatar-3.svg',
  'avatar-4.svg',
  'avatar-5.svg',
  'avatar-6.svg',
] as const;

/** Absolute addresses of the preset avatars, as the client shows them. */
export function defaultAvatarUrls(publicUrl: string): string[] {
  return DEFAULT_AVATAR_FILES.map((file) => `${publicUrl}/avatars/${file}`);
}
