import { describe, expect, it } from 'vitest';
import { isValidApiUrl } from '../../src/core';

// Spec 2 §5: protocol optional, host, ip or ${{var}} placeholders, port, path, query, fragment.
describe('isValidApiUrl', () => {
  it.each([
    ['plain https', 'https://api.example.com/v1/users'],
    ['no protocol', 'api.example.com/users'],
    ['http with port', 'http://api.example.com:8080/v1'],
    ['IPv4', 'http://10.0.0.7/status'],
    ['IPv4 with port', '127.0.0.1:3000/hook'],
    ['localhost', 'http://localhost:4000/echo'],
    ['query and fragment', 'https://api.example.com/search?q=a&limit=10#top'],
    ['upper case', 'HTTPS://API.EXAMPLE.COM/V1'],
    ['placeholder in path', 'https://api.example.com/users/${{user_id}}'],
    ['placeholder in query', 'https://api.example.com/search?q=${{USER_LAST_INPUT}}&lang=${{lang}}'],
    ['placeholder in fragment', 'https://api.example.com/page#${{section}}'],
    ['placeholder with spaces inside the braces', 'https://api.example.com/users/${{ user_id }}'],
    ['placeholder with a dot path', 'https://api.example.com/users/${{user.id}}/orders'],
    ['placeholder with an index path', 'https://api.example.com/items/${{items[0].id}}'],
    ['placeholder as the whole host', 'https://${{host}}/v1/users'],
    ['placeholder as host without protocol', '${{host}}/v1'],
    ['placeholder as the whole url', '${{base_url}}'],
    ['placeholder carrying scheme and host', '${{base_url}}/users?id=${{id}}'],
    ['placeholder as a host label', 'https://${{tenant}}.example.com/api'],
    ['placeholder as the top-level domain', 'https://api.example.${{tld}}/v1'],
    ['placeholder as port', 'http://localhost:${{port}}/v1'],
    ['placeholder as protocol', '${{scheme}}://api.example.com'],
    ['placeholder inside an IP', 'http://192.168.${{subnet}}.10/x'],
  ])('accepts %s', (_label, url) => {
    expect(isValidApiUrl(url)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['ftp protocol', 'ftp://files.example.com/a'],
    ['no TLD and no placeholder', 'https://api/v1'],
    ['space in path', 'https://api.example.com/a b'],
    ['space in host', 'https://api example.com'],
    ['IPv4 octet over 255', 'http://300.1.1.1/x'],
    ['port over 65535', 'https://api.example.com:70000/'],
    ['non-numeric port', 'https://api.example.com:abc/'],
    ['unclosed placeholder', 'https://api.example.com/users/${{user_id'],
    ['empty placeholder', 'https://api.example.com/users/${{}}'],
    ['placeholder that is not a variable path', 'https://api.example.com/${{user id}}'],
    ['single braces', 'https://api.example.com/${user_id}'],
    ['stray characters in host', 'https://api$.example.com'],
    ['missing host', 'https:///v1'],
  ])('rejects %s', (_label, url) => {
    expect(isValidApiUrl(url)).toBe(false);
  });
});
