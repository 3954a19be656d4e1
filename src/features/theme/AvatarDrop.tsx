// The bot avatar: drop an image on the box or choose one. The file must load as an image in the
// browser, else the spec's 'invalid image' alert shows in the page (spec 3 §4, §8). The limits are
// the server's (server/repos/uploads.ts), said before the upload; the server checks again.
import { useRef, useState, type DragEvent } from 'react';
import { Alert, Button } from '../../ui';

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const INVALID_IMAGE = 'invalid image';

/** Resolves when the file decodes as an image, rejects otherwise. */
function loadsAsImage(file: File): Promise<void> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => (URL.revokeObjectURL(url), resolve());
    image.onerror = () => (URL.revokeObjectURL(url), reject(new Error(INVALID_IMAGE)));
    image.src = url;
  });
}

export interface AvatarDropProps {
  label: string;
  /** The avatar shown now (the saved one, or the file waiting to be sent). */
  current: string;
  onFile(file: File): void;
  onRemove(): void;
}

export function AvatarDrop({ label, current, onFile, onRemove }: AvatarDropProps) {
  const picker = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [over, setOver] = useState(false);

  const take = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    if (file.size > AVATAR_MAX_BYTES) return setProblem('The image is larger than 5 MB.');
    try {
      if (!AVATAR_TYPES.includes(file.type)) throw new Error(INVALID_IMAGE);
      await loadsAsImage(file);
      onFile(file);
    } catch {
      setProblem(INVALID_IMAGE);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void take(event.dataTransfer.files[0]);
  };

  return (
    <div className="field theme-avatar">
      <span className="field-label">{label}</span>
      <div
        className={over ? 'theme-drop over' : 'theme-drop'}
        data-testid="avatar-drop"
        onDragOver={(event) => (event.preventDefault(), setOver(true))}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        {current ? (
          <img src={current} alt="Bot avatar" width={48} height={48} />
        ) : (
          <span className="theme-drop-empty" />
        )}
        <div>
          <p>Drop an image here or</p>
          <Button variant="outline" size="sm" onClick={() => picker.current?.click()}>
            Choose an image
          </Button>
          {current && (
            <Button variant="ghost" size="sm" onClick={onRemove}>
              Remove
            </Button>
          )}
        </div>
        <input
          ref={picker}
          type="file"
          hidden
          accept={AVATAR_TYPES.join(',')}
          aria-label="Avatar image"
          onChange={(event) => {
            void take(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      <p className="field-hint">PNG, JPEG, GIF or WebP, 5 MB at most.</p>
      {problem && <Alert kind="error">{problem}</Alert>}
    </div>
  );
}
