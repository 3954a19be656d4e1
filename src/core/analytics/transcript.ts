// A stored message as plain text for the transcript view and the CSV export: HTML tags of rich
// texts dropped, choice buttons as their labels, a file as its name, anything else as JSON.

const label = (item: unknown) =>
  item && typeof item === 'object' && 'label' in item ? String((item as { label: unknown }).label) : null;

export function messageText(content: unknown): string {
  if (typeof content === 'string')
    return content
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim();
  if (Array.isArray(content)) {
    const labels = content.map(label);
    if (labels.every((l) => l !== null)) return labels.map((l) => `[${l}]`).join(' ');
  }
  if (content && typeof content === 'object' && 'name' in content)
    return String((content as { name: unknown }).name);
  return content === null || content === undefined ? '' : JSON.stringify(content);
}
