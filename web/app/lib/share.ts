/** A description for a share preview: the text's first 200 characters, cut at a word. */
export function previewText(text: string, fallback: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return fallback;
  if (flat.length <= 200) return flat;
  const cut = flat.slice(0, 199);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 120 ? cut.lastIndexOf(' ') : 199)}…`;
}
