// Bot texts may carry HTML (the choice message is rich text) and `${{name}}` placeholders filled
// with what guests typed, so nothing is put on the page as it came: tags outside a short list are
// unwrapped, every attribute but a safe link target is dropped, and links open in a new tab.
const ALLOWED = new Set([
  'A',
  'B',
  'BLOCKQUOTE',
  'BR',
  'CODE',
  'DIV',
  'EM',
  'H1',
  'H2',
  'H3',
  'H4',
  'I',
  'LI',
  'OL',
  'P',
  'PRE',
  'S',
  'SPAN',
  'STRONG',
  'SUB',
  'SUP',
  'U',
  'UL',
]);
const DROPPED = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT']);
const SAFE_LINK = /^(https?:|mailto:|tel:)/i;
const ACTION_LINK = /^#action:[\w.-]+$/;

function clean(node: Node, into: Node, doc: Document): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      into.appendChild(doc.createTextNode(child.textContent ?? ''));
    } else if (child instanceof Element && !DROPPED.has(child.tagName)) {
      if (!ALLOWED.has(child.tagName)) {
        clean(child, into, doc);
        continue;
      }
      const copy = doc.createElement(child.tagName.toLowerCase());
      const href = child.getAttribute('href') ?? '';
      if (child.tagName === 'A' && SAFE_LINK.test(href.trim())) {
        copy.setAttribute('href', href.trim());
        copy.setAttribute('target', '_blank');
        copy.setAttribute('rel', 'noopener noreferrer');
      } else if (child.tagName === 'A' && ACTION_LINK.test(href.trim())) {
        // `#action:name` asks the host page to act (customAction); the chat handles the click.
        copy.setAttribute('href', href.trim());
      }
      clean(child, copy, doc);
      into.appendChild(copy);
    }
  }
}

export function sanitizeHtml(html: string): string {
  const source = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const target = document.implementation.createHTMLDocument('');
  const root = target.createElement('div');
  clean(source.body, root, target);
  return root.innerHTML;
}
