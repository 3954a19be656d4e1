// The upload widget shows each file's size (spec 2 "Other widgets": Bytes, KB, MB, GB).

const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** 0 Bytes, 512 Bytes, 1.5 KB, 2 MB, 1.25 GB (binary steps of 1024, up to two decimals). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const power = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** power;
  return `${Number(value.toFixed(power === 0 ? 0 : 2))} ${UNITS[power]}`;
}
