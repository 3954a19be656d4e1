// Channel tokens are stored encrypted at rest (issue 16 item 6): AES-256-GCM with a key derived
// from SECRET_KEY, or from a random secret generated into DATA_DIR/secret.key on first start when
// SECRET_KEY is unset. Several instances on one PostgreSQL database must share SECRET_KEY. A stored
// value reads `enc:v1:<base64url of iv | tag | ciphertext>`; a value without the prefix (written
// before this, or by hand) reads as it is. A value the key cannot open reads as '' (not
// configured), never as garbage sent to an API.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const PREFIX = 'enc:v1:';
const keys = new WeakMap<object, Buffer>();
/** The key of the newest database: a transaction (not the database object itself) uses it. */
let newest: Buffer | null = null;

/** SECRET_KEY, else DATA_DIR/secret.key (created with a random secret, readable by the owner only). */
export function loadSecretKey(config: { secretKey: string; dataDir: string }): string {
  if (config.secretKey) return config.secretKey;
  const file = path.join(config.dataDir, 'secret.key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(32).toString('base64url');
    fs.mkdirSync(config.dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // Another instance on this DATA_DIR wrote it first.
      return fs.readFileSync(file, 'utf8').trim();
    }
  }
}

export function useTokenKey(db: object, secret: string): void {
  const key = createHash('sha256').update(`botflow-channel-tokens:${secret}`).digest();
  keys.set(db, key);
  newest = key;
}

const keyOf = (db: object) => keys.get(db) ?? newest;

export function sealToken(db: object, token: string): string {
  const key = keyOf(db);
  if (!token || !key || token.startsWith(PREFIX)) return token;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

export function openToken(db: object, stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const key = keyOf(db);
  if (!key) return '';
  try {
    const data = Buffer.from(stored.slice(PREFIX.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
    decipher.setAuthTag(data.subarray(12, 28));
    return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return '';
  }
}
