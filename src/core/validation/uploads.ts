// Spec 2 §5 upload rules, shared by the editor (which files a picker offers and takes) and the
// server (which uploads it stores).

/** The upload widget's kinds and the extensions each accepts. */
export const UPLOAD_EXTENSIONS = {
  file: ['pdf', 'doc', 'docx', 'txt', 'jpg', 'jpeg', 'png', 'gif'],
  image: ['jpg', 'jpeg', 'png', 'gif'],
  video: ['mp4', 'mov', 'avi', 'mkv'],
} as const;

export type UploadKind = keyof typeof UPLOAD_EXTENSIONS;

/** A file variable holds a gif, jpeg, png or pdf; anything else is ignored ('Unsupported file'). */
export const FILE_VARIABLE_MIME_TYPES = ['image/gif', 'image/jpeg', 'image/png', 'application/pdf'] as const;

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot === -1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** Does the upload widget of this kind take a file of this name? (By extension, any case.) */
export function isUploadAccepted(kind: UploadKind, fileName: string): boolean {
  return (UPLOAD_EXTENSIONS[kind] as readonly string[]).includes(extensionOf(fileName));
}

/** May this file become a file variable? Its content type decides. */
export function isFileVariableAccepted(mimeType: string): boolean {
  return (FILE_VARIABLE_MIME_TYPES as readonly string[]).includes(mimeType.toLowerCase());
}

/** The image upload of an image entry or carousel takes any image. */
export function isImageUploadAccepted(mimeType: string): boolean {
  return mimeType.toLowerCase().startsWith('image/');
}
