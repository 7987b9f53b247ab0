/**
 * What may be uploaded: an allow-list of extensions, each with the content type it is served with
 * and a check of the file's first bytes, so that a file whose content is not what its extension says
 * (an HTML page or a program named .png) is refused. Text formats have no signature; they must at
 * least contain no NUL byte (binary content).
 */
export type FileKind = { mime: string; image: boolean; matches: (head: Buffer) => boolean };

const startsWith = (head: Buffer, ...bytes: number[]): boolean => head.length >= bytes.length && bytes.every((b, i) => head[i] === b);
const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

const JPEG = (h: Buffer) => startsWith(h, 0xff, 0xd8, 0xff);
const PNG = (h: Buffer) => startsWith(h, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const GIF = (h: Buffer) => startsWith(h, ...ascii('GIF87a')) || startsWith(h, ...ascii('GIF89a'));
const WEBP = (h: Buffer) => startsWith(h, ...ascii('RIFF')) && h.length >= 12 && h.subarray(8, 12).toString('latin1') === 'WEBP';
const BMP = (h: Buffer) => startsWith(h, ...ascii('BM'));
const PDF = (h: Buffer) => startsWith(h, ...ascii('%PDF-'));
/** Zip containers: .zip itself and the Office Open XML formats (docx, xlsx, pptx). */
const ZIP = (h: Buffer) => startsWith(h, 0x50, 0x4b, 0x03, 0x04) || startsWith(h, 0x50, 0x4b, 0x05, 0x06);
/** OLE compound documents: the legacy Office formats (doc, xls, ppt). */
const OLE = (h: Buffer) => startsWith(h, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const RAR = (h: Buffer) => startsWith(h, ...ascii('Rar!'), 0x1a, 0x07);
const SEVEN_ZIP = (h: Buffer) => startsWith(h, 0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c);
const TEXT = (h: Buffer) => !h.includes(0);

export const FILE_KINDS: Readonly<Record<string, FileKind>> = {
  jpg: { mime: 'image/jpeg', image: true, matches: JPEG },
  jpeg: { mime: 'image/jpeg', image: true, matches: JPEG },
  png: { mime: 'image/png', image: true, matches: PNG },
  gif: { mime: 'image/gif', image: true, matches: GIF },
  webp: { mime: 'image/webp', image: true, matches: WEBP },
  bmp: { mime: 'image/bmp', image: true, matches: BMP },
  pdf: { mime: 'application/pdf', image: false, matches: PDF },
  doc: { mime: 'application/msword', image: false, matches: OLE },
  xls: { mime: 'application/vnd.ms-excel', image: false, matches: OLE },
  ppt: { mime: 'application/vnd.ms-powerpoint', image: false, matches: OLE },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', image: false, matches: ZIP },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', image: false, matches: ZIP },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', image: false, matches: ZIP },
  zip: { mime: 'application/zip', image: false, matches: ZIP },
  rar: { mime: 'application/vnd.rar', image: false, matches: RAR },
  '7z': { mime: 'application/x-7z-compressed', image: false, matches: SEVEN_ZIP },
  txt: { mime: 'text/plain; charset=utf-8', image: false, matches: TEXT },
  csv: { mime: 'text/csv; charset=utf-8', image: false, matches: TEXT },
};

/** How many leading bytes the checks read (the text check looks for NUL bytes in this window). */
export const HEAD_BYTES = 8192;

export const IMAGE_FORMATS = Object.entries(FILE_KINDS)
  .filter(([, k]) => k.image)
  .map(([ext]) => ext);

/** The lower-case extension of a name ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Characters no file name needs and that can disguise one: control characters (C0, DEL, C1), format
 * characters (bidi overrides and isolates such as U+202E that turn `gpj.exe` into `exe.jpg` on
 * screen, zero-width characters, the BOM), line/paragraph separators, private-use code points and
 * lone surrogates (issue #12).
 */
const DISGUISING = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\u2028\u2029]/u;

/**
 * A file name as users give it: no path (separators, `.`/`..`), no control, bidi or other invisible
 * characters, at most 200 characters. Browsers send the bare name, so anything else is refused rather
 * than rewritten.
 */
export function isAcceptableName(name: string): boolean {
  if (name.trim() === '' || [...name].length > 200) return false;
  if (name === '.' || name === '..' || /[/\\]/.test(name)) return false;
  if (DISGUISING.test(name)) return false;
  return true;
}
