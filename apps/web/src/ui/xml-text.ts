/**
 * The text of an XML file: UTF-8 unless its declaration names another encoding (an older issuer's ISO-8859-1), then
 * that one; an encoding the browser does not know is read as UTF-8.
 */
export async function xmlText(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  // The declaration is ASCII in every encoding an NF-e may use.
  const head = new TextDecoder('latin1').decode(bytes.slice(0, 200));
  const declared = /<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(declared).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
