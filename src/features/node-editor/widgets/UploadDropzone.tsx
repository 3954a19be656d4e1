import { useRef, useState, type DragEvent } from 'react';
import { isUploadAccepted, UPLOAD_EXTENSIONS, type UploadKind } from '../../../core/validation';
import { formatFileSize } from '../logic/file-size';
import { EditorIcon } from './icons';

// Spec 2 "Other widgets": the drag-and-drop upload. Files are accepted by extension per kind
// (spec 2 §5); others are dropped with a console warning, as the spec's file rules do.

export const DROP_HINT = 'Drag & drop files here or click to browse';

interface UploadDropzoneProps {
  /** Names the drop area and its file input ("Image" → "Image file"). */
  label: string;
  kind: UploadKind;
  multiple?: boolean;
  /** A further check on each file (e.g. the file-variable content types). */
  accept?: (file: File) => boolean;
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  /** The files chosen so far, listed with their sizes. */
  chosen?: readonly { name: string; size: number }[];
}

export function UploadDropzone({
  label,
  kind,
  multiple,
  accept,
  onFiles,
  disabled,
  chosen,
}: UploadDropzoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const extensions = UPLOAD_EXTENSIONS[kind];

  const take = (list: FileList | null) => {
    const files = Array.from(list ?? []).filter((file) => {
      const ok = isUploadAccepted(kind, file.name) && (accept ? accept(file) : true);
      if (!ok) console.warn('Unsupported file', file.name);
      return ok;
    });
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) take(event.dataTransfer.files);
  };

  return (
    <div className="ne-upload">
      <div
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-label={label}
        aria-disabled={disabled || undefined}
        className={['ne-drop', over && 'ne-drop-over', disabled && 'ne-drop-disabled']
          .filter(Boolean)
          .join(' ')}
        onClick={() => !disabled && input.current?.click()}
        onKeyDown={(e) => {
          if (!disabled && (e.key === 'Enter' || e.key === ' ')) {
            e.preventDefault();
            input.current?.click();
          }
        }}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <EditorIcon name="upload" size={22} />
        <span>{DROP_HINT}</span>
        <span className="ne-drop-types">{extensions.join(', ')}</span>
        <input
          ref={input}
          type="file"
          hidden
          aria-label={`${label} file`}
          multiple={multiple}
          disabled={disabled}
          accept={extensions.map((ext) => `.${ext}`).join(',')}
          onChange={(e) => {
            take(e.target.files);
            e.target.value = ''; // the same file may be chosen again
          }}
        />
      </div>
      {chosen && chosen.length > 0 && (
        <ul className="ne-upload-files" aria-label={`${label} files`}>
          {chosen.map((file, i) => (
            <li key={`${file.name}-${i}`}>
              <span>{file.name}</span>
              <span className="ne-muted">{formatFileSize(file.size)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
