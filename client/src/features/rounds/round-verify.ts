const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
const utf8 = (text: string) => new TextEncoder().encode(text);

/** SHA-256 of a hash's 64-character hex text, in the browser. */
export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', utf8(text)));
}

/** HMAC_SHA256(key = salt, message = hash) as hex: the round value. */
export async function roundValue(salt: string, hash: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', utf8(salt), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await crypto.subtle.sign('HMAC', key, utf8(hash)));
}
