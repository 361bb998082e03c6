/**
 * `Content-Disposition` for a stored file name (RFC 6266): a plain ASCII `filename` for old clients (anything
 * else, quotes and backslashes replaced by `_`) and the exact name as `filename*` in UTF-8 (RFC 5987/8187).
 */
const attrChar = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export const contentDisposition = (disposition: 'inline' | 'attachment', fileName: string) => {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${attrChar(fileName)}`;
};
