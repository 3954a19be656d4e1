// Spec 1 §3 file-type classification, used to pick the icon of a file.

export const FILE_TYPES = [
  'image',
  'audio',
  'video',
  'pdf',
  'word',
  'excel',
  'powerpoint',
  'compressed',
  'text',
  'csv',
  'svg',
  'code',
  'database',
  'executable',
  'configuration',
  'unknown',
] as const;

export type FileType = (typeof FILE_TYPES)[number];

const SVG = ['svg'];

// Checked in the order the spec lists them; the first list holding the extension wins. So .sh
// (code and executable) is code, and .svg (svg and image) is svg.
const CHECKS: ReadonlyArray<readonly [FileType, readonly string[]]> = [
  ['pdf', ['pdf']],
  ['word', ['doc', 'docx', 'dot', 'dotx', 'docm', 'dotm']],
  ['excel', ['xls', 'xlsx', 'xlsm', 'xlsb', 'xlt', 'xltx', 'xltm']],
  ['powerpoint', ['ppt', 'pptx', 'pptm', 'pot', 'potx', 'potm']],
  ['compressed', ['zip', 'rar', '7z', 'tar', 'gz', 'bz2', 'xz', 'lzma', 'zstd']],
  [
    'code',
    [
      'js',
      'html',
      'css',
      'jsx',
      'scss',
      'sass',
      'tsx',
      'json',
      'py',
      'go',
      'java',
      'c',
      'cpp',
      'cs',
      'rb',
      'swift',
      'php',
      'md',
      'sh',
    ],
  ],
  ['database', ['sqlite', 'db', 'mysql', 'sql', 'pgsql', 'mdf', 'ldf', 'dbf', 'dmp']],
  ['executable', ['exe', 'msi', 'bat', 'app', 'command', 'tool', 'sh']],
  ['configuration', ['yaml', 'yml', 'conf', 'ini', 'cfg', 'env']],
  ['svg', SVG],
  // Kept from the original (spec 1 §3): the csv check reuses the svg list and comes after the svg
  // check, so it never matches — csv is never returned and a .csv file is unknown.
  ['csv', SVG],
  ['image', ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'tiff', 'webp', 'svg']],
  ['audio', ['mp3', 'wav', 'ogg', 'aac', 'flac', 'wma', 'm4a']],
  ['video', ['mp4', 'mkv', 'avi', 'mov', 'wmv', 'flv', 'webm']],
  ['text', ['txt']],
];

/**
 * The type of a file from its name's extension, case-insensitively. A name without an extension
 * is unknown; a dot-file such as `.env` counts its name as the extension, as the lists intend.
 */
export function fileTypeOf(fileName: string): FileType {
  const extension = extensionOf(fileName);
  if (!extension) return 'unknown';
  return CHECKS.find(([, extensions]) => extensions.includes(extension))?.[0] ?? 'unknown';
}

function extensionOf(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot === -1 ? '' : base.slice(dot + 1).toLowerCase();
}
