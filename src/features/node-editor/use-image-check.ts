import { useEffect, useRef, useState } from 'react';
import { isHttpUrl } from '../../core/validation/entries/image';
import { useNodeEditor } from './editor-context';

/** How long an image may take to load before it counts as not reviewable. */
const IMAGE_CHECK_TIMEOUT_MS = 10_000;

/** Spec 2 §5: an image URL is valid when the browser can load it as an image. */
export function loadsAsImage(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new Image();
    const timer = window.setTimeout(() => finish(false), IMAGE_CHECK_TIMEOUT_MS);
    function finish(ok: boolean) {
      window.clearTimeout(timer);
      image.onload = image.onerror = null;
      if (!ok) console.warn('invalid image', url);
      resolve(ok);
    }
    image.onload = () => finish(image.naturalWidth > 0);
    image.onerror = () => finish(false);
    image.src = url;
  });
}

/**
 * Checks `url` whenever it changes and reports the answer through `onResult` (the entry's
 * reviewable flag). While a check runs the modal counts as processing, so Confirm waits for it.
 * Answers whether a check is running.
 */
export function useImageCheck(url: string, onResult: (reviewable: boolean) => void, key: string): boolean {
  const { setBusy } = useNodeEditor();
  const [checking, setChecking] = useState(false);
  const report = useRef(onResult);
  useEffect(() => {
    report.current = onResult;
  });

  useEffect(() => {
    const target = url.trim();
    if (!isHttpUrl(target)) return;
    let current = true;
    setChecking(true);
    setBusy(key, true);
    void loadsAsImage(target).then((ok) => {
      if (!current) return;
      setChecking(false);
      setBusy(key, false);
      report.current(ok);
    });
    return () => {
      current = false;
      setChecking(false);
      setBusy(key, false);
    };
  }, [url, key, setBusy]);

  return checking;
}
