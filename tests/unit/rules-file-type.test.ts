import { describe, expect, it } from 'vitest';
import { FILE_TYPES, fileTypeOf, type FileType } from '../../src/core';

// Spec 1 §3, every list as written there.
const LISTS: Array<[FileType, string[]]> = [
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
    ],
  ],
  ['database', ['sqlite', 'db', 'mysql', 'sql', 'pgsql', 'mdf', 'ldf', 'dbf', 'dmp']],
  ['executable', ['exe', 'msi', 'bat', 'app', 'command', 'tool']],
  ['configuration', ['yaml', 'yml', 'conf', 'ini', 'cfg', 'env']],
  ['svg', ['svg']],
  ['image', ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'tiff', 'webp']],
  ['audio', ['mp3', 'wav', 'ogg', 'aac', 'flac', 'wma', 'm4a']],
  ['video', ['mp4', 'mkv', 'avi', 'mov', 'wmv', 'flv', 'webm']],
  ['text', ['txt']],
];

describe('fileTypeOf', () => {
  for (const [type, extensions] of LISTS) {
    it(`classifies ${extensions.map((e) => '.' + e).join(' ')} as ${type}`, () => {
      for (const extension of extensions) {
        expect([extension, fileTypeOf(`report.${extension}`)]).toEqual([extension, type]);
      }
    });
  }

  it('reads the extension case-insensitively', () => {
    expect(fileTypeOf('SCAN.PDF')).toBe('pdf');
    expect(fileTypeOf('Photo.JpEg')).toBe('image');
    expect(fileTypeOf('Budget.XLSX')).toBe('excel');
  });

  it('uses only the last extension', () => {
    expect(fileTypeOf('backup.tar.gz')).toBe('compressed');
    expect(fileTypeOf('notes.pdf.txt')).toBe('text');
    expect(fileTypeOf('my.report.docx')).toBe('word');
  });

  it('gives .sh to code, the first of its two lists', () => {
    expect(fileTypeOf('deploy.sh')).toBe('code');
  });

  it('gives .svg to svg, listed before image', () => {
    expect(fileTypeOf('logo.svg')).toBe('svg');
  });

  it('never returns csv: its check reuses the svg list, so a .csv file is unknown', () => {
    expect(fileTypeOf('contacts.csv')).toBe('unknown');
    expect(FILE_TYPES).toContain('csv');
  });

  it.each([
    ['no extension', 'README'],
    ['empty name', ''],
    ['trailing dot', 'draft.'],
    ['unlisted extension', 'model.blend'],
    ['dot only in a folder name', 'archive.zip/readme'],
    ['near miss', 'clip.mp5'],
    ['extension with a space', 'notes.t xt'],
  ])('is unknown for %s', (_label, name) => {
    expect(fileTypeOf(name)).toBe('unknown');
  });

  it('reads the file name out of a path', () => {
    expect(fileTypeOf('uploads/2024.v2/slides.pptx')).toBe('powerpoint');
    expect(fileTypeOf('C:\\docs.old\\letter.doc')).toBe('word');
  });

  it('takes a dot-file name as its extension', () => {
    expect(fileTypeOf('.env')).toBe('configuration');
  });
});
